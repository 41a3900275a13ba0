// The home view: live statistics (loading, refresh, failure, retry), community figures, the
// static example, navigation and the footer.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { API, STATS } from '../support/fixtures.ts';
import { deferred, json } from '../support/fake-fetch.ts';
import { useFakeBackend } from '../support/environment.ts';
import { advance, button, byText, click, mount, queryByText, settle, text } from '../support/widget.ts';

const fetch = useFakeBackend();

function statsPanel(shadow: ShadowRoot): Element {
  const heading = byText(shadow, 'Live impact statistics', 'h2');
  const panel = heading.closest('section');
  if (!panel) throw new Error('no stats panel');
  return panel;
}

describe('home view', () => {
  it('shows every home element', async () => {
    const { shadow, unmount } = await mount(API);
    await settle();
    const all = text(shadow);
    expect(byText(shadow, 'Receipt Carbon Calculator', 'p')).toBeTruthy();
    const mainSite = byText<HTMLAnchorElement>(shadow, 'Visit main site↗ (opens in a new tab)', 'a');
    expect(mainSite.href).toBe('https://example.fi/');
    expect(mainSite.target).toBe('_blank');
    expect(mainSite.rel).toContain('noopener');
    expect(byText(shadow, 'Discover the climate impact of your groceries', 'h1')).toBeTruthy();
    expect(button(shadow, 'Scan Your Receipt')).toBeTruthy();
    expect(button(shadow, 'Try Demo')).toBeTruthy();
    for (const feature of ['AI receipt reading', 'Category breakdown', 'Personal tips']) {
      expect(byText(shadow, feature, 'h3')).toBeTruthy();
    }
    const steps = [...byText(shadow, 'How It Works', 'h2').closest('section')!.querySelectorAll('li h3')].map(text);
    expect(steps).toEqual(['Upload', 'Analyze', 'Calculate', 'Improve']);
    expect(byText(shadow, 'Community impact', 'h2')).toBeTruthy();
    const example = byText(shadow, 'Example: a typical weekly shop', 'h2').closest('section')!;
    expect(text(example)).toContain('8.7 kg');
    expect(text(example)).toContain('72 km');
    expect(text(example)).toContain('14 months');
    expect(button(shadow, 'Get Started Now')).toBeTruthy();
    expect(button(shadow, 'Privacy Policy')).toBeTruthy();
    expect(byText<HTMLAnchorElement>(shadow, 'Contact (opens in a new tab)', 'a').href).toBe('https://example.fi/contact');
    expect(byText<HTMLAnchorElement>(shadow, 'About (opens in a new tab)', 'a').href).toBe('https://example.fi/about');
    expect(all).toContain('1,000 households have analyzed 3.2K receipts so far.');
    await unmount();
  });

  it('shows a loading skeleton, then the three live numbers', async () => {
    const answer = deferred();
    fetch.once('/stats', () => answer.promise);
    const { shadow, unmount } = await mount(API);
    const panel = statsPanel(shadow);
    expect(panel.getAttribute('aria-busy')).toBe('true');
    expect(text(panel)).toContain('Loading statistics…');

    await act(async () => answer.resolve(json({ ...STATS, total_receipts_processed: 1_234_567, receipts_today: 999 })));
    await settle();
    expect(panel.getAttribute('aria-busy')).toBe('false');
    const values = [...panel.querySelectorAll('dd')].map(text);
    expect(values).toEqual(['1.2M', '999', '8.70 kg']);
    expect([...panel.querySelectorAll('dt')].map(text)).toEqual(['Receipts analyzed', 'Today', 'Average CO2e']);
    await unmount();
  });

  it('fills community impact: receipts, tonnes = receipts × average / 1000, and users = receipts / 3.2 rounded up', async () => {
    fetch.on('/stats', json({ ...STATS, total_receipts_processed: 4500, average_emissions_per_receipt: 10 }));
    const { shadow, unmount } = await mount(API);
    await settle();
    const community = byText(shadow, 'Community impact', 'h2').closest('section')!;
    const figures = Object.fromEntries(
      [...community.querySelectorAll('dl > div')].map((pair) => [text(pair.querySelector('dt')!), text(pair.querySelector('dd')!)]),
    );
    expect(figures).toEqual({
      'Receipts analyzed': '4.5K',
      'Tonnes CO2 tracked': '45.0',
      'Households taking part': '1.4K',
    });
    await unmount();
  });

  it('speaks of one receipt and one household in the singular, in the footer, the stats panel and community impact', async () => {
    fetch.on('/stats', json({ ...STATS, total_receipts_processed: 1, receipts_today: 1, average_emissions_per_receipt: 29.6 }));
    const { shadow, unmount } = await mount(API);
    await settle();
    expect(text(shadow.querySelector('[data-testid="live-stats-line"]')!)).toBe('1 household has analyzed 1 receipt so far.');
    expect([...statsPanel(shadow).querySelectorAll('dt')].map(text)).toEqual(['Receipt analyzed', 'Today', 'Average CO2e']);
    const community = byText(shadow, 'Community impact', 'h2').closest('section')!;
    const figures = [...community.querySelectorAll('dl > div')].map((pair) => [text(pair.querySelector('dd')!), text(pair.querySelector('dt')!)]);
    expect(figures).toEqual([
      ['1', 'Receipt analyzed'],
      ['0.0', 'Tonnes CO2 tracked'],
      ['1', 'Household taking part'],
    ]);
    await unmount();
  });

  it('uses the plural for none and for several', async () => {
    fetch.on('/stats', json({ ...STATS, total_receipts_processed: 0 }));
    const { shadow, unmount } = await mount(API);
    await settle();
    expect(text(shadow.querySelector('[data-testid="live-stats-line"]')!)).toBe('0 households have analyzed 0 receipts so far.');
    fetch.on('/stats', json({ ...STATS, total_receipts_processed: 4 }));
    await advance(30_000);
    expect(text(shadow.querySelector('[data-testid="live-stats-line"]')!)).toBe('2 households have analyzed 4 receipts so far.');
    await unmount();
  });

  it('says there are no receipts yet where the average has none to come from, instead of 0 kg', async () => {
    fetch.on('/stats', json({ total_receipts_processed: 0, receipts_today: 0, receipts_this_week: 0, average_emissions_per_receipt: 0 }));
    const { shadow, unmount } = await mount(API);
    await settle();
    const tiles = [...statsPanel(shadow).querySelectorAll('dd')].map(text);
    expect(tiles).toEqual(['0', '0', 'No receipts yet']);
    fetch.on('/stats', json({ ...STATS, total_receipts_processed: 1, average_emissions_per_receipt: 0.04 }));
    await advance(30_000);
    expect([...statsPanel(shadow).querySelectorAll('dd')].map(text)[2]).toBe('0.04 kg');
    await unmount();
  });

  it('refreshes the stats every 30 s while home shows, and stops while another view shows', async () => {
    const { shadow, unmount } = await mount(API);
    await settle();
    expect(fetch.callsTo('/stats')).toHaveLength(1);
    await advance(29_999);
    expect(fetch.callsTo('/stats')).toHaveLength(1);
    await advance(1);
    expect(fetch.callsTo('/stats')).toHaveLength(2);

    fetch.on('/stats', json({ ...STATS, receipts_today: 13 }));
    await advance(30_000);
    expect([...statsPanel(shadow).querySelectorAll('dd')].map(text)[1]).toBe('13');

    await click(button(shadow, 'Scan Your Receipt'));
    await advance(120_000);
    expect(fetch.callsTo('/stats')).toHaveLength(3);

    await click(button(shadow, 'Back to Home'));
    expect(fetch.callsTo('/stats')).toHaveLength(4);
    await advance(30_000);
    expect(fetch.callsTo('/stats')).toHaveLength(5);
    await unmount();
  });

  it('shows "Unable to load stats" with a Retry button when the stats call fails, and Retry loads them', async () => {
    fetch.once('/stats', json({ error: 'Database unavailable' }, 500));
    const { shadow, unmount } = await mount(API);
    await settle();
    const panel = statsPanel(shadow);
    expect(text(panel)).toContain('Unable to load stats');
    expect(panel.querySelector('[role="alert"]')).not.toBeNull();
    expect(text(shadow)).toContain('Live statistics are not available right now.');

    await click(button(panel, 'Retry'));
    await settle();
    expect(fetch.callsTo('/stats')).toHaveLength(2);
    expect(text(statsPanel(shadow))).not.toContain('Unable to load stats');
    expect([...statsPanel(shadow).querySelectorAll('dd')].map(text)[0]).toBe('3.2K');
    await unmount();
  });

  it('treats a stats network failure the same way', async () => {
    fetch.once('/stats', new TypeError('Failed to fetch'));
    const { shadow, unmount } = await mount(API);
    await settle();
    expect(text(statsPanel(shadow))).toContain('Unable to load stats');
    await unmount();
  });

  it('shows the stats error without calling anything when no backend is configured', async () => {
    const { shadow, unmount } = await mount();
    await settle();
    expect(text(statsPanel(shadow))).toContain('Unable to load stats');
    expect(fetch.calls).toHaveLength(0);
    await unmount();
  });

  it.each(['Scan Your Receipt', 'Try Demo', 'Get Started Now'])('%s opens the calculator and focuses its heading', async (label) => {
    const { shadow, unmount } = await mount(API);
    await settle();
    await click(button(shadow, label));
    const heading = byText(shadow, 'Calculate your receipt’s footprint', 'h1');
    expect(shadow.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(queryByText(shadow, 'Discover the climate impact of your groceries', 'h1')).toBeNull();
    await unmount();
  });

  it('does not take focus from the host page on first render', async () => {
    const outside = document.body.appendChild(document.createElement('button'));
    outside.focus();
    const { unmount } = await mount(API);
    await settle();
    expect(document.activeElement).toBe(outside);
    await unmount();
  });

  it('uses the mainSiteUrl and contactEmail options for its links', async () => {
    const { shadow, unmount } = await mount(API, { mainSiteUrl: 'https://ilmasto.example.fi/koti/', contactEmail: 'tietosuoja@example.fi' });
    await settle();
    expect(byText<HTMLAnchorElement>(shadow, 'About (opens in a new tab)', 'a').href).toBe('https://ilmasto.example.fi/koti/about');
    await click(button(shadow, 'Privacy Policy'));
    expect(byText<HTMLAnchorElement>(shadow, 'tietosuoja@example.fi', 'a').href).toBe('mailto:tietosuoja@example.fi');
    await unmount();
  });
});
