// Finnish and Swedish: every view rendered in each language with no English left in it, the
// header's language switch (kept for the next visit, winning over the embedding's option), the
// backend's coded sentences in the visitor's language, and numbers as each language writes them.
// Feature sections (the backend's sentences, My receipts) are checked with the views' catalogues.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../../src/contract.ts';
import { backend } from '../../../src/widget/i18n/backend.ts';
import { correction } from '../../../src/widget/i18n/correction.ts';
import { en } from '../../../src/widget/i18n/en.ts';
import { fi } from '../../../src/widget/i18n/fi.ts';
import { history } from '../../../src/widget/i18n/history.ts';
import { myReceipts } from '../../../src/widget/i18n/my-receipts.ts';
import { SAVED_LOCALE_KEY, type Locale } from '../../../src/widget/i18n/index.ts';
import { sv } from '../../../src/widget/i18n/sv.ts';
import { useFakeBackend } from '../support/environment.ts';
import { json } from '../support/fake-fetch.ts';
import { analysis, API, SWAP } from '../support/fixtures.ts';
import { button, chooseFiles, click, mount, nextFrame, runSample, settle, text, type TestWidget } from '../support/widget.ts';

const fetch = useFakeBackend();

function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}

const CATALOGUES = {
  fi: [fi, backend.fi, history.fi, correction.fi, myReceipts.fi],
  sv: [sv, backend.sv, history.sv, correction.sv, myReceipts.sv],
} as const;

/**
 * The English words a Finnish or Swedish page must not show: every literal part of every
 * English string (split at its placeholders) with a word of four letters or more, unless the
 * other language writes it the same ("kg CO2e", "72 km", "OpenAI").
 */
function englishFragments(locale: 'fi' | 'sv'): string[] {
  const own = allStrings(CATALOGUES[locale]).join('\n');
  return [...new Set(allStrings([en, backend.en, history.en, correction.en, myReceipts.en]).flatMap((string) => string.split(/\{\w+\}/)))]
    .map((fragment) => fragment.trim())
    .filter((fragment) => /[A-Za-z]{4,}/.test(fragment) && !own.includes(fragment));
}

function leaks(shown: string, locale: 'fi' | 'sv'): string[] {
  // The language switch names each language in itself: "English" is the English option's name.
  const withoutSwitch = shown.replaceAll('English', '');
  return englishFragments(locale).filter((fragment) => withoutSwitch.includes(fragment));
}

async function open(locale: Locale, result: AnalysisResult = analysis()): Promise<TestWidget> {
  fetch.on('/api/process-text', json(result));
  const widget = await mount(API, { locale });
  await settle();
  return widget;
}

const LABELS = {
  fi: { scan: fi.home.scanReceipt, sample: fi.calculator.trySample, privacy: fi.footer.privacy, back: fi.privacy.back, history: history.fi, mine: myReceipts.fi },
  sv: { scan: sv.home.scanReceipt, sample: sv.calculator.trySample, privacy: sv.footer.privacy, back: sv.privacy.back, history: history.sv, mine: myReceipts.sv },
};

describe.each(['fi', 'sv'] as const)('the widget in %s', (locale) => {
  it('finds English words when they are there (the check can fail)', () => {
    expect(leaks('Scan Your Receipt', locale)).toContain('Scan Your Receipt');
    expect(leaks(en.privacy.sections[0].paragraphs[0], locale).length).toBeGreaterThan(0);
  });

  it('shows home, calculator, result and privacy with no English left', async () => {
    const result = analysis();
    result.metadata.uncertain_items = 1;
    result.metadata.notices = [
      { code: 'total-mismatch', params: { items_total: 41.2, printed_total: 46.9 }, message: 'The items found add up to 41.20 €…' },
      { code: 'ai-dropped-names', params: { count: 2 }, message: 'The AI reader missed product names: 2 lines left out.' },
    ];
    result.items[0] = { ...result.items[0]!, not_food: true };
    const widget = await open(locale, result);
    const labels = LABELS[locale];
    const root = widget.shadow.querySelector('section[data-view]')!;
    expect(root.getAttribute('lang')).toBe(locale);
    expect(leaks(text(widget.shadow), locale), 'home').toEqual([]);

    await runSample(widget, labels.scan, labels.sample);
    expect(leaks(text(widget.shadow), locale), 'result').toEqual([]);

    await click(button(widget.shadow, labels.privacy));
    expect(root.getAttribute('data-view')).toBe('privacy');
    expect(leaks(text(widget.shadow), locale), 'privacy').toEqual([]);
    expect(text(widget.shadow)).toContain(labels.history.privacyTitle);
    await widget.unmount();
  });

  it('shows My receipts, saved and empty, with no English left', async () => {
    localStorage.setItem(
      'receiptCalculator.corrections',
      JSON.stringify({
        version: 1,
        enabled: true,
        corrections: [{ key: 'oatly kaurajuoma 1l', name: 'Oatly kaurajuoma 1L', category: 'Dairy', amount: { unit: 'kg', value: 2.2, per: 2 }, date: '2025-11-01' }],
      }),
    );
    const widget = await open(locale);
    const labels = LABELS[locale];
    const root = widget.shadow.querySelector('section[data-view]')!;
    // From home, with nothing saved yet.
    await click(button(widget.shadow, labels.history.title));
    expect(root.getAttribute('data-view')).toBe('history');
    expect(text(widget.shadow)).toContain(labels.mine.empty);
    expect(text(widget.shadow)).toContain(myReceipts[locale].rememberedTitle);
    expect(widget.shadow.querySelectorAll('[data-testid="remembered-list"] li')).toHaveLength(1);
    expect(leaks(text(widget.shadow), locale), 'empty history').toEqual([]);
    await click(button(widget.shadow, labels.back));

    // Saved from a result: the save panel, then the list, months, categories and averages.
    await runSample(widget, labels.scan, labels.sample);
    await click(button(widget.shadow, labels.history.save));
    expect(text(widget.shadow)).toContain(labels.history.saved);
    expect(leaks(text(widget.shadow), locale), 'saved result').toEqual([]);
    await click(button(widget.shadow, labels.history.title));
    await settle();
    expect(root.getAttribute('data-view')).toBe('history');
    expect(widget.shadow.querySelectorAll('[data-testid="history-list"] li')).toHaveLength(1);
    expect(text(widget.shadow)).toContain(labels.mine.yourAverage);
    expect(text(widget.shadow)).toContain((locale === 'fi' ? fi : sv).categories['Red Meat']);
    expect(leaks(text(widget.shadow), locale), 'history').toEqual([]);

    // The delete-all confirmation too.
    await click(button(widget.shadow, labels.mine.removeAll));
    expect(text(widget.shadow)).toContain(labels.mine.confirmRemoveAll);
    expect(leaks(text(widget.shadow), locale), 'confirmation').toEqual([]);
    await widget.unmount();
  });

  it('shows the item editor and the swaps with no English left, labels included', async () => {
    const widget = await open(locale, analysis({ swaps: [SWAP] }));
    await runSample(widget, LABELS[locale].scan, LABELS[locale].sample);
    const editor = widget.shadow.querySelector<HTMLDetailsElement>('[data-testid="item-editor"]')!;
    await act(async () => {
      editor.open = true;
    });
    const labels = [...editor.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label')!);
    expect(labels.length).toBeGreaterThan(0);
    expect(text(editor)).toContain(correction[locale].editTitle);
    expect(leaks(text(editor), locale), 'editor').toEqual([]);
    expect(leaks(labels.join('\n'), locale), 'editor labels').toEqual([]);
    const swaps = widget.shadow.querySelector('[data-testid="swaps"]')!;
    expect(text(swaps)).toContain(SWAP.to.name[locale]);
    expect(text(swaps)).not.toContain(SWAP.to.name.en);
    expect(leaks(text(swaps), locale), 'swaps').toEqual([]);
    await widget.unmount();
  });

  it('says why the backend refused a change in the language', async () => {
    const widget = await open(locale);
    await runSample(widget, LABELS[locale].scan, LABELS[locale].sample);
    fetch.once(
      '/api/recalculate',
      json({ error: 'Item 2 needs a weight above 0 and at most 100 kg.', code: 'bad-item', params: { item: 2, field: 'weight' } }, 400),
    );
    const select = widget.shadow.querySelector<HTMLSelectElement>('[data-testid="edit-row"] select')!;
    await act(async () => {
      select.value = 'Fruits';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    const alert = text(widget.shadow.querySelector('[data-testid="item-editor"] [role="alert"]')!);
    const reason = backend[locale].errors['bad-item'].replace('{item}', '2');
    expect(alert).toBe(correction[locale].failed.replace('{reason}', reason));
    expect(alert).not.toContain('needs a weight');
    await widget.unmount();
  });

  it('shows a failed upload with the server\'s coded error in the language, and calculator texts', async () => {
    fetch.on(
      '/api/process-receipt-ai',
      json({ error: 'The file is larger than 10 MB.', code: 'file-too-large', params: { max_mb: 12.5 } }, 413),
    );
    const widget = await open(locale);
    await click(button(widget.shadow, LABELS[locale].scan));
    const consent = widget.shadow.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    await click(consent);
    const input = widget.shadow.querySelector<HTMLInputElement>('input[type="file"]')!;
    await chooseFiles(input, [new File(['x'], 'kuitti.jpg', { type: 'image/jpeg' })]);
    await nextFrame();
    await settle();
    const shown = text(widget.shadow);
    const sentence = (locale === 'fi' ? backend.fi : backend.sv).errors['file-too-large'].replace('{max_mb}', '12,5');
    expect(shown).toContain(sentence);
    expect(shown).not.toContain('larger than');
    expect(leaks(shown, locale), 'calculator').toEqual([]);
    await widget.unmount();
  });
});

describe('numbers and words per language', () => {
  it('writes kg, euros and the item list\'s estimate as each language does', async () => {
    const fiWidget = await open('fi');
    await runSample(fiWidget, fi.home.scanReceipt, fi.calculator.trySample);
    const fiText = text(fiWidget.shadow);
    expect(fiText).toContain('12,3 kg CO2e');
    expect(fiText).toContain('46,90 €');
    expect(fiText).toContain('≈ 0,2 kg, arvio');
    expect(fiText).toContain('Punainen liha');
    await fiWidget.unmount();

    const svWidget = await open('sv');
    await runSample(svWidget, sv.home.scanReceipt, sv.calculator.trySample);
    const svText = text(svWidget.shadow);
    expect(svText).toContain('≈ 0,2 kg, uppskattat');
    expect(svText).toContain('Rött kött');
    await svWidget.unmount();
  });

  it.each([
    ['fi', '3,2 t. kuittia'],
    ['sv', '3,2 tn kvitton'],
  ] as const)('shortens the community count as %s writes it', async (locale, shown) => {
    const widget = await open(locale);
    await settle();
    expect(text(widget.shadow.querySelector('[data-testid="live-stats-line"]')!)).toContain(shown);
    await widget.unmount();
  });

  it('dates the privacy policy in the language', async () => {
    const widget = await open('fi');
    await click(button(widget.shadow, fi.footer.privacy));
    expect(text(widget.shadow)).toContain('Voimassa 15. tammikuuta 2025 alkaen');
    await widget.unmount();
  });
});

describe('coded sentences', () => {
  it('shows the server\'s sentence for a code the catalogue does not know, and warnings without notices as sent', async () => {
    const result = analysis();
    result.metadata.notices = [
      { code: 'some-newer-code' as 'total-mismatch', message: 'A newer backend says this.' },
      { code: 'pdf-pages-skipped', params: { read: 3, total: 5 }, message: 'Only the first 3 of the PDF’s 5 pages were read.' },
    ];
    const widget = await open('sv', result);
    await runSample(widget, sv.home.scanReceipt, sv.calculator.trySample);
    const notes = [...widget.shadow.querySelectorAll('[data-testid="notes"] li')].map(text);
    expect(notes).toEqual(['A newer backend says this.', 'Bara de 3 första av pdf-filens 5 sidor lästes.']);
    await widget.unmount();
  });

  it('marks uncertain and not-food items, and counts the uncertain ones in the notes', async () => {
    const result = analysis();
    result.items[1] = { ...result.items[1]!, uncertain: true };
    result.items[3] = { ...result.items[3]!, not_food: true };
    result.metadata.uncertain_items = 2;
    const widget = await open('en', result);
    await runSample(widget, en.home.scanReceipt, en.calculator.trySample);
    const rows = [...widget.shadow.querySelectorAll('[data-testid="item-list"] li')];
    expect(rows.map((row) => row.querySelector('[data-mark]')?.getAttribute('data-mark') ?? null)).toEqual([
      null,
      'uncertain',
      null,
      'not-food',
      'uncertain',
    ]);
    expect(text(rows[3]!)).toContain('not food');
    const notes = [...widget.shadow.querySelectorAll('[data-testid="notes"] li')].map(text);
    expect(notes).toContain('The categories of 2 items are uncertain: they are counted with their categories’ typical factors.');
    await widget.unmount();
  });
});

describe('the language switch', () => {
  it('changes the language at once, keeping the view and the result, and remembers the choice', async () => {
    const widget = await open('fi');
    await runSample(widget, fi.home.scanReceipt, fi.calculator.trySample);
    const switcher = widget.shadow.querySelector('[data-testid="language-switch"]')!;
    expect([...switcher.querySelectorAll('button')].map((choice) => [text(choice), choice.getAttribute('lang'), choice.getAttribute('aria-pressed')])).toEqual([
      ['Suomi', 'fi', 'true'],
      ['Svenska', 'sv', 'false'],
      ['English', 'en', 'false'],
    ]);
    expect(switcher.getAttribute('aria-label')).toBe('Kieli');

    await click(button(widget.shadow, 'Svenska'));
    const root = widget.shadow.querySelector('section[data-view]')!;
    expect(root.getAttribute('lang')).toBe('sv');
    expect(root.getAttribute('data-view')).toBe('calculator');
    expect(text(widget.shadow.querySelector('[data-testid="total-emissions"]')!)).toBe('12,3 kg CO2e');
    expect(text(widget.shadow)).toContain(sv.results.title);
    expect(text(widget.shadow)).not.toContain(fi.results.title);
    expect(localStorage.getItem(SAVED_LOCALE_KEY)).toBe('sv');
    await widget.unmount();

    // The next visit: the saved choice wins over the embedding's locale.
    const again = await open('fi');
    expect(again.shadow.querySelector('section[data-view]')!.getAttribute('lang')).toBe('sv');
    expect(text(again.shadow)).toContain(sv.home.scanReceipt);
    await again.unmount();
  });

  it('stays English without a locale option or a saved choice, and ignores a saved value that is no language', async () => {
    localStorage.setItem(SAVED_LOCALE_KEY, 'klingon');
    const widget = await mount(API);
    await settle();
    expect(widget.shadow.querySelector('section[data-view]')!.getAttribute('lang')).toBe('en');
    expect(text(widget.shadow)).toContain('Scan Your Receipt');
    await widget.unmount();
  });
});
