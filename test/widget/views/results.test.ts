// The results view: total, store, equivalents, the category chart and its text, the item
// list with its honesty marks, reconciliation notes, warnings and tips.
import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../../src/contract.ts';
import { CATEGORY_COLORS, UNKNOWN_CATEGORY_COLOR } from '../../../src/widget/theme/palette.ts';
import { analysis } from '../support/fixtures.ts';
import { useFakeBackend } from '../support/environment.ts';
import { byText, shadowCss, showResult as showSampleResult, text, type TestWidget } from '../support/widget.ts';

const fetch = useFakeBackend();

const showResult = (result: unknown): Promise<TestWidget> => showSampleResult(fetch, result);

const section = (shadow: ShadowRoot, title: string) => byText(shadow, title, 'h2').closest('section')!;

describe('results view', () => {
  it('shows the total, store name, receipt total, items total and items found', async () => {
    const { shadow, unmount } = await showResult(analysis());
    const summary = shadow.querySelector('[data-testid="result"]')!;
    expect(text(summary.querySelector('[data-testid="total-emissions"]')!)).toBe('12.3 kg CO2e');
    const facts = Object.fromEntries(
      [...summary.querySelectorAll('dl > div')].map((pair) => [text(pair.querySelector('dt')!), text(pair.querySelector('dd')!)]),
    );
    expect(facts).toEqual({
      Store: 'K-Citymarket Helsinki Ruoholahti',
      'Receipt total': '€46.90',
      'Items total': '€46.50',
      'Items found': '4',
    });
    await unmount();
  });

  it('shows the total’s plausible range beside it, and why the figure is an estimate under a disclosure', async () => {
    const { shadow, unmount } = await showResult(analysis({ total_emissions_low: 9.84, total_emissions_high: 15.2 }));
    const summary = shadow.querySelector('[data-testid="result"]')!;
    expect(text(summary.querySelector('[data-testid="total-emissions"]')!)).toBe('12.3 kg CO2e');
    expect(text(summary.querySelector('[data-testid="total-range"]')!)).toBe('about 10–15');
    const about = summary.querySelector<HTMLDetailsElement>('[data-testid="about-figure"]')!;
    expect(about.open).toBe(false);
    expect(text(about.querySelector('summary')!)).toBe('About this figure');
    expect(text(about)).toMatch(/An estimate, not a measurement/);
    expect(text(about)).toMatch(/Comparisons and tips use the main figure/);
    // Equivalents keep using the central figure.
    expect(text(shadow.querySelector('[data-testid="driving"]')!)).toBe('102 kmof driving a car');
    await unmount();
  });

  it('shows no range for a backend that sends none, or a broken one', async () => {
    for (const result of [analysis(), analysis({ total_emissions_low: 13, total_emissions_high: 15 })]) {
      const { shadow, unmount } = await showResult(result);
      expect(shadow.querySelector('[data-testid="total-range"]')).toBeNull();
      expect(shadow.querySelector('[data-testid="about-figure"]')).not.toBeNull();
      await unmount();
    }
  });

  it('says "Item found" for a single item, and "1 item" in its category', async () => {
    const single: AnalysisResult = analysis({
      metadata: { processed_at: '2025-11-14T17:42:00Z', processing_method: 'text', items_found: 1 },
      categories: { Vegetables: { count: 1, emissions: 0.5, price: 2 } },
      items: [{ name: 'Porkkana', category: 'Vegetables', weight: 1, emissions: 0.5, price: 2 }],
      total_emissions: 0.5,
    });
    const { shadow, unmount } = await showResult(single);
    const summary = shadow.querySelector('[data-testid="result"]')!;
    expect([...summary.querySelectorAll('dt')].map(text)).toContain('Item found');
    expect(text(section(shadow, 'Emissions by category'))).toContain('1 item');
    expect(text(section(shadow, 'Emissions by category'))).not.toContain('1 items');
    await unmount();
  });

  it('takes driving and tree equivalents from the summary', async () => {
    const { shadow, unmount } = await showResult(analysis());
    expect(text(shadow.querySelector('[data-testid="driving"]')!)).toBe('102 kmof driving a car');
    expect(text(shadow.querySelector('[data-testid="tree"]')!)).toBe('20 monthsfor one tree to absorb');
    await unmount();
  });

  it('falls back to the contract formulas when the summary is missing', async () => {
    const { summary: _omitted, ...rest } = analysis({ total_emissions: 8.7 });
    const { shadow, unmount } = await showResult(rest);
    expect(text(shadow.querySelector('[data-testid="driving"]')!)).toContain('72 km');
    expect(text(shadow.querySelector('[data-testid="tree"]')!)).toContain('14 months');
    await unmount();
  });

  it('draws the categories as an SVG chart, largest first, one colour each and grey for unknown names, with every number as text', async () => {
    const result = analysis();
    (result.categories as Record<string, unknown>).Seaweed = { count: 1, emissions: 0.2, price: 3 };
    const { shadow, unmount } = await showResult(result);
    const breakdown = section(shadow, 'Emissions by category');
    const chart = breakdown.querySelector('svg[role="img"]')!;
    expect(chart.getAttribute('aria-label')).toBeTruthy();
    const segments = [...chart.querySelectorAll('circle[data-category]')];
    expect(segments.map((segment) => segment.getAttribute('data-category'))).toEqual([
      'Red Meat',
      'Dairy',
      'Grains',
      'Vegetables',
      'Seaweed',
    ]);
    expect(segments.map((segment) => segment.getAttribute('stroke'))).toEqual([
      CATEGORY_COLORS['Red Meat'],
      CATEGORY_COLORS.Dairy,
      CATEGORY_COLORS.Grains,
      CATEGORY_COLORS.Vegetables,
      UNKNOWN_CATEGORY_COLOR,
    ]);
    // Segment lengths follow the emissions.
    // Each segment names its category and kg for a pointer hover.
    expect(segments.map((segment) => segment.querySelector('title')?.textContent)).toEqual([
      'Red Meat: 6.80 kg CO2e',
      'Dairy: 3.50 kg CO2e',
      'Grains: 1.50 kg CO2e',
      'Vegetables: 0.54 kg CO2e',
      'Seaweed: 0.20 kg CO2e',
    ]);
    const lengths = segments.map((segment) => Number(segment.getAttribute('stroke-dasharray')!.split(' ')[0]));
    expect(lengths[0]! / lengths[1]!).toBeCloseTo(6.8 / 3.5, 5);

    const legend = [...breakdown.querySelectorAll('li')].map(text);
    expect(legend[0]).toBe('Red Meat6.80 kg CO2e54% · 1 item · €5.49');
    expect(legend[1]).toBe('Dairy3.50 kg CO2e28% · 2 items · €8.74');
    expect(legend).toHaveLength(5);
    await unmount();
  });

  it('lists the items in a list that scrolls at 256 px, with estimated weights and uncertain categories marked', async () => {
    const { shadow, unmount } = await showResult(analysis());
    const list = shadow.querySelector('[data-testid="item-list"]')!;
    const rule = new RegExp(`\\.${[...list.classList].at(-1)}\\s*\\{([^}]*)\\}`).exec(shadowCss(shadow))?.[1] ?? '';
    expect(rule).toMatch(/max-height:\s*256px/);
    expect(rule).toMatch(/overflow-y:\s*auto/);
    expect(list.getAttribute('tabindex')).toBe('0');

    const rows = [...list.querySelectorAll('li')].map(text);
    expect(rows).toHaveLength(5);
    // Name; category, weight and price; then the emissions.
    expect(rows[0]).toBe('Pirkka naudan jauheliha 10% 400gRed Meat0.4 kg€5.496.80 kg CO2e');
    expect(rows[1]).toContain('0.5 kg');
    expect(rows[1]).not.toContain('estimated');
    expect(rows[2]).toContain('≈ 0.2 kg, estimated');
    expect(rows[4]).toContain('category uncertain');
    expect(rows[3]).not.toContain('category uncertain');
    await unmount();
  });

  it('asks the visitor to check an uncertain item, and opens the item editor on it', async () => {
    const { shadow, unmount } = await showResult(analysis());
    const rows = [...shadow.querySelectorAll('[data-testid="item-list"] li')];
    const prompts = shadow.querySelectorAll<HTMLButtonElement>('[data-testid="check-item"]');
    expect(prompts).toHaveLength(1);
    expect(rows[4]!.contains(prompts[0]!)).toBe(true);
    expect(text(prompts[0]!)).toBe('Check this');
    const name = text(rows[4]!.querySelector('span')!);
    expect(prompts[0]!.getAttribute('aria-label')).toBe(`Check the category of ${name}`);

    const editor = shadow.querySelector<HTMLDetailsElement>('[data-testid="item-editor"]')!;
    expect(editor.open).toBe(false);
    prompts[0]!.click();
    await expect.poll(() => editor.open).toBe(true);
    const select = shadow.querySelectorAll('[data-testid="edit-row"]')[4]!.querySelector('select')!;
    await expect.poll(() => shadow.activeElement).toBe(select);
    // Asked again after the visitor moved on, it brings them back.
    (shadow.activeElement as HTMLElement).blur();
    prompts[0]!.click();
    await expect.poll(() => shadow.activeElement).toBe(select);
    await unmount();
  });

  it('lists the backend warnings, which state a total mismatch once', async () => {
    const result = analysis();
    result.metadata.reconciliation = { printed_total: 46.9, computed_total: 41.2, difference: -5.7, status: 'mismatch' };
    result.metadata.warnings = [
      'The items found add up to 41,20 € but the receipt total is 46,90 €; some lines may not have been read.',
      'Weights of 3 items were estimated.',
    ];
    const { shadow, unmount } = await showResult(result);
    const notes = [...shadow.querySelectorAll('[data-testid="notes"] li')].map(text);
    expect(notes).toEqual(result.metadata.warnings);
    await unmount();
  });

  it('says itself that the items do not add up when the backend sent no warning', async () => {
    const result = analysis();
    result.metadata.reconciliation = { printed_total: 46.9, computed_total: 41.2, difference: -5.7, status: 'mismatch' };
    const { shadow, unmount } = await showResult(result);
    const notes = [...shadow.querySelectorAll('[data-testid="notes"] li')].map(text);
    expect(notes).toEqual([
      'The items found add up to €41.20, but the receipt’s total is €46.90: some lines may have been missed.',
    ]);
    await unmount();
  });

  it('shows no notes when the totals match and there are no warnings', async () => {
    const result = analysis();
    result.metadata.reconciliation = { printed_total: 46.9, computed_total: 46.9, difference: 0, status: 'match' };
    const { shadow, unmount } = await showResult(result);
    expect(shadow.querySelector('[data-testid="notes"]')).toBeNull();
    await unmount();
  });

  it('gives tips with their priority in words and their savings', async () => {
    const { shadow, unmount } = await showResult(analysis());
    const tips = [...section(shadow, 'Tips to reduce your footprint').querySelectorAll('li')];
    expect(tips.map((tip) => tip.getAttribute('data-priority'))).toEqual(['high', 'medium']);
    expect(text(tips[0]!)).toContain('High priority');
    expect(text(tips[0]!)).toContain('Could save up to 80% here (about 5.44 kg CO2e on this receipt).');
    expect(text(tips[1]!)).toContain('Medium priority');
    expect(text(tips[1]!)).toContain('up to 70%');
    await unmount();
  });

  it('praises a light basket with a low-priority Great Job!', async () => {
    const light: AnalysisResult = analysis({
      categories: { Vegetables: { count: 1, emissions: 0.5, price: 2 } },
      items: [{ name: 'Porkkana', category: 'Vegetables', weight: 1, emissions: 0.5, price: 2 }],
      total_emissions: 0.5,
    });
    const { shadow, unmount } = await showResult(light);
    const tips = [...section(shadow, 'Tips to reduce your footprint').querySelectorAll('li')];
    expect(tips).toHaveLength(1);
    expect(text(tips[0]!)).toContain('Low priority');
    expect(text(tips[0]!)).toContain('Great Job!');
    await unmount();
  });

  it('copes with a result that has no store name or printed total', async () => {
    const { shadow, unmount } = await showResult(analysis({ store_info: { name: null, total: null } }));
    const summary = text(shadow.querySelector('[data-testid="result"]')!);
    expect(summary).toContain('Unknown store');
    expect(summary).not.toContain('Receipt total');
    await unmount();
  });
});
