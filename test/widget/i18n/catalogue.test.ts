// One English catalogue carries every user-facing string, the spec's verbatim.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../scripts/paths.ts';
import { describe, expect, it } from 'vitest';
import { en } from '../../../src/widget/i18n/en.ts';
import { categoryLabel, fill, isLocale, messagesFor, plural, type Locale } from '../../../src/widget/i18n/index.ts';
import { CATEGORY_NAMES } from '../../../src/contract.ts';
import { mount } from '../support/widget.ts';

const SPEC_STRINGS = [
  'Scan Your Receipt',
  'Try Demo',
  'How It Works',
  'Upload',
  'Analyze',
  'Calculate',
  'Improve',
  'Get Started Now',
  'Privacy Policy',
  'Contact',
  'About',
  'API Ready',
  'No OpenAI Key',
  'API Offline',
  'Unknown',
  'Choose File',
  'Take Photo',
  'Try Sample',
  'This usually takes 10-30 seconds',
  'Error',
  'Scan Another Receipt',
  'Great Job!',
  'Unable to load stats',
  'Retry',
  'Please accept the privacy terms above to enable file upload and photo capture.',
  'Starting AI analysis...',
  'Uploading to AI server...',
  'AI analyzing receipt...',
  'Processing complete!',
  'Complete!',
  'Testing with sample data...',
  'Processing sample receipt...',
  'Sample processing complete!',
  'Please configure your Railway API URL first',
  'Failed to process with AI: {reason}',
  'API Error: {status}',
  'Failed to process receipt. Please check your API configuration and try again.',
  'Sample test failed: {reason}',
  'Effective date: {date}',
  '8.7 kg',
  '72 km',
  '14 months',
];

function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.tsx') ? [join(dir, entry.name)] : [],
  );
}

describe('the English catalogue', () => {
  it('carries every spec string verbatim', () => {
    const strings = allStrings(en);
    for (const spec of SPEC_STRINGS) expect(strings, spec).toContain(spec);
  });

  it('names all 13 categories', () => {
    for (const name of CATEGORY_NAMES) expect(categoryLabel(en, name)).toBe(name);
    expect(categoryLabel(en, 'Seaweed')).toBe('Seaweed');
  });

  it('is the catalogue for the default locale; Finnish and Swedish are the others', () => {
    expect(messagesFor('en')).toMatchObject(en);
    expect(messagesFor('en')).toBe(messagesFor('en'));
    expect(isLocale('en')).toBe(true);
    expect(isLocale('fi')).toBe(true);
    expect(isLocale('sv')).toBe(true);
    expect(isLocale('de')).toBe(false);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fill('API Error: {status}', { status: 503 })).toBe('API Error: 503');
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});

describe('plural forms', () => {
  const receipts = { one: '{count} receipt', other: '{count} receipts' };

  it('picks the English form by the count: one for 1, other for 0, 2 and more', () => {
    expect([0, 1, 2, 21].map((count) => plural('en', receipts, count))).toEqual([
      '0 receipts',
      '1 receipt',
      '2 receipts',
      '21 receipts',
    ]);
  });

  it('fills in the count as displayed, while the rules look at the count itself', () => {
    expect(plural('en', receipts, 3200, '3.2K')).toBe('3.2K receipts');
    expect(plural('en', { one: 'Household taking part', other: 'Households taking part' }, 1, '')).toBe('Household taking part');
  });

  it('takes the decimals shown into account: "1.0" is plural in English', () => {
    const tonnes = { one: '{count} tonne', other: '{count} tonnes' };
    expect(plural('en', tonnes, 1, '1.0', 1)).toBe('1.0 tonnes');
    expect(plural('en', tonnes, 1)).toBe('1 tonne');
  });

  it('follows each language\'s own rules through Intl.PluralRules, falling back to other', () => {
    // Polish has one, few and many: a catalogue for it only lists its forms.
    const files = { one: '{count} plik', few: '{count} pliki', many: '{count} plików', other: '{count} pliku' };
    expect([1, 3, 5, 22].map((count) => plural('pl' as Locale, files, count))).toEqual(['1 plik', '3 pliki', '5 plików', '22 pliki']);
    expect(plural('pl' as Locale, { other: '{count} x' }, 3)).toBe('3 x');
  });

  it('gives every count-and-noun phrase of the catalogue a one and an other form', () => {
    const phrases = [
      en.home.statsReceipts,
      en.home.communityReceipts,
      en.home.communityTonnes,
      en.home.communityUsers,
      en.footer.liveStatsHouseholds,
      en.footer.liveStatsReceipts,
      en.results.itemsFound,
      en.results.itemCount,
    ];
    for (const forms of phrases) expect(Object.keys(forms).sort()).toEqual(['one', 'other']);
  });
});

describe('locale', () => {
  it('marks the widget with its language, whatever the host page says', async () => {
    document.documentElement.lang = 'fi';
    const widget = await mount(undefined, { locale: 'en' });
    expect(widget.shadow.querySelector('section[data-view]')?.getAttribute('lang')).toBe('en');
    await widget.unmount();
  });
});

/**
 * The literal parts of template literals a component shows or reads out: JSX children
 * (`>{`...`}`) and user-facing attributes. Ids (aria-labelledby too), keys, URLs and CSS are not looked at.
 */
function shownTemplateText(source: string): string[] {
  const starts = /(?:>\s*|\b(?:aria-(?:label|valuetext|description|roledescription)|title|alt|placeholder|label)=)\{`/g;
  const found: string[] = [];
  for (const start of source.matchAll(starts)) {
    let literal = '';
    let depth = 0; // inside `${...}`, counting the braces of the expression
    for (let at = start.index + start[0].length; at < source.length; at += 1) {
      const char = source[at]!;
      if (depth === 0 && char === '`') break;
      if (depth === 0 && source.startsWith('${', at)) {
        depth = 1;
        at += 1;
      } else if (depth > 0) {
        if (char === '{') depth += 1;
        if (char === '}') depth -= 1;
      } else {
        literal += char;
      }
    }
    if (literal !== '') found.push(literal);
  }
  return found;
}

describe('components', () => {
  // Text written straight into JSX would bypass the catalogue and stay English forever.
  it.each(sourceFiles(join(REPO_ROOT, 'src/widget')).map((file) => [file.split('/src/widget/')[1], file]))(
    '%s has no user-facing text inline in JSX',
    (_name, file) => {
      const source = readFileSync(file, 'utf8');
      const inlineText = [...source.matchAll(/>([^<>{}]*[A-Za-z][^<>{}]*)</g)]
        .map((match) => match[1]!.trim())
        // TypeScript generics (`Foo<Bar>`) and arrow functions are not JSX text.
        .filter((candidate) => candidate !== '' && !/[=;()[\]]/.test(candidate));
      expect(inlineText).toEqual([]);
    },
  );

  // A separator or word order joined in a component ("label: value") is language too.
  it.each(sourceFiles(join(REPO_ROOT, 'src/widget')).map((file) => [file.split('/src/widget/')[1], file]))(
    '%s joins shown values with catalogue templates, not its own separators',
    (_name, file) => {
      expect(shownTemplateText(readFileSync(file, 'utf8'))).toEqual([]);
    },
  );

  it('finds separators in shown template literals but not in ids, keys or URLs', () => {
    expect(shownTemplateText('<title>{`${label}: ${kg}`}</title>')).toEqual([': ']);
    expect(shownTemplateText('<b aria-valuetext={`${fill(t, { p: 1 })} ${message}`} />')).toEqual([' ']);
    expect(
      shownTemplateText('<b key={`${index}-${name}`} aria-labelledby={`rc-${index}`} href={`mailto:${email}`} />'),
    ).toEqual([]);
    expect(shownTemplateText('<title>{`${fill(t, { a: { b: 1 } })}`}</title>')).toEqual([]);
  });
});
