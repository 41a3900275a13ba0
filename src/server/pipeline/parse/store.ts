// Store name and chain from the receipt header, written the way a person would write them
// ('Prisma Lielahti', 'K-Citymarket Tampere Turtola', 'S-market Levi'), OCR-tolerant.
import { fold, letterCount, type Line } from './lines.ts';

export interface StoreInfo {
  name: string | null;
  chain: string | null;
}

interface ChainRule {
  chain: string;
  /** Matched against the folded (upper-case, accent-free) line. */
  pattern: RegExp;
}

// Order matters: the longer K-Group names before `K-Market`, Sokos Herkku before Sokos. A chain is
// written in a store name as it is spelled here (`K CITYMARKET` → `K-Citymarket`).
const CHAIN_RULES: readonly ChainRule[] = [
  { chain: 'K-Citymarket', pattern: /\bK[\s-]?CITY[\s-]?MARKET\b/ },
  { chain: 'K-Supermarket', pattern: /\bK[\s-]?SUPER[\s-]?MARKET\b/ },
  { chain: 'K-Market', pattern: /\bK[\s-]?MARKET\b/ },
  { chain: 'K-Extra', pattern: /\bK[\s-]?EXTRA\b/ },
  { chain: 'S-kaupat', pattern: /\bS[\s-]?KAUPAT\b/ },
  { chain: 'Prisma', pattern: /(?:^|[^A-Z])P?RISMA\b/ },
  { chain: 'S-market', pattern: /\bS[\s-]?MARKET\b/ },
  { chain: 'Sale', pattern: /^\W*SALE\b/ },
  { chain: 'Alepa', pattern: /\bALEPA\b/ },
  { chain: 'Sokos Herkku', pattern: /\bSOKOS\s*HERKKU/ },
  { chain: 'Sokos', pattern: /\bSOKOS\b/ },
  { chain: 'Lidl', pattern: /\bL[I1L|][D][L1|\]](?:\b|\s|$)/ },
  { chain: 'Tokmanni', pattern: /\bTOKMANNI\b/ },
  { chain: 'Stockmann', pattern: /\bSTOCKMANN\b/ },
  { chain: 'R-kioski', pattern: /\bR[\s-]?KIOSKI\b/ },
  { chain: 'Minimani', pattern: /\bMINIMANI\b/ },
  { chain: 'Halpa-Halli', pattern: /\bHALPA[\s-]?HALLI\b/ },
];

// Cities that follow a district in a store name ('PRISMA LIELAHTI TAMPERE' → 'Prisma Lielahti').
const CITIES = new Set(
  [
    'HELSINKI', 'ESPOO', 'VANTAA', 'TAMPERE', 'TURKU', 'OULU', 'JYVASKYLA', 'LAHTI', 'KUOPIO', 'PORI',
    'JOENSUU', 'LAPPEENRANTA', 'HAMEENLINNA', 'VAASA', 'SEINAJOKI', 'ROVANIEMI', 'MIKKELI', 'KOTKA',
    'SALO', 'PORVOO', 'KOUVOLA', 'HYVINKAA', 'NURMIJARVI', 'JARVENPAA', 'RAUMA', 'KERAVA', 'KAJAANI',
    'TORNIO', 'KEMI', 'IISALMI', 'SAVONLINNA', 'RAISIO', 'KAARINA', 'NOKIA', 'YLOJARVI', 'KANGASALA',
  ],
);

function chainOf(key: string): string | null {
  return CHAIN_RULES.find((rule) => rule.pattern.test(key))?.chain ?? null;
}

// Header lines that are not the store's name: address, phone, business ID, web, hours, dates.
function isHeaderDetail(line: Line): boolean {
  const key = line.key;
  return (
    /\b\d{5}\b/.test(key) ||
    /\b(PUH|TEL|P)\.?:?\s*\d/.test(key) ||
    /\d{3}[\s-]?\d{3,4}[\s-]?\d{3,4}/.test(key) ||
    /Y-?TUNNUS|\bY-?\d{7}-\d\b|\d{7}-\d\b/.test(key) ||
    /WWW\.|HTTP|\.FI\b|\.COM\b|FACEBOOK/.test(key) ||
    /AVOINNA|PALVELEMME|ASIAKASPALVELU|TERVETULOA|KUITTI|PALAUTUSOHJE|^EUR$/.test(key) ||
    /\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/.test(key) ||
    /\b(OY|OYJ|KY|AB|OSUUSKAUPPA|OSUUSLIIKE)\b/.test(key) ||
    /\b[A-Z]?\w*(KATU|TIE|KUJA|RAITTI|KAARI|POLKU|TORI)\s+\d/.test(key)
  );
}

// Capitalises words printed in all capitals; on a line OCR wrote all in lower case, every word.
function personCase(word: string, lowerLine = false): string {
  const letters = word.replace(/[^\p{L}]/gu, '');
  if (letters.length < 2) return word;
  const allUpper = letters === letters.toUpperCase();
  const allLower = letters === letters.toLowerCase();
  if (!allUpper && !(allLower && lowerLine)) return word;
  return word
    .toLowerCase()
    .replace(/(^|[-/])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

function personCaseWords(words: string[]): string[] {
  const letters = words.join('').replace(/[^\p{L}]/gu, '');
  const lowerLine = letters === letters.toLowerCase();
  return words.map((w) => personCase(w, lowerLine));
}

function nameWords(text: string): string[] {
  return cleanNameLine(text)
    .split(' ')
    .filter((w) => w.length > 0);
}

function cleanNameLine(text: string): string {
  return text
    .replace(/[*"|]/g, ' ')
    .replace(/\bY-?TUNNUS\b.*$/i, ' ')
    .replace(/\b(p|puh|tel)\.?:?\s*[\d\s]{6,}.*$/i, ' ')
    .replace(/\b\d[\d\s-]{4,}\b.*$/, ' ')
    .replace(/\b(suomi\s+)?(ky|oy|oyj|ab)\b/gi, ' ')
    .replace(/\s\d{1,3}\b/g, ' ')
    .replace(/[,;:]+(\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function withChainSpelling(words: string[], chain: string): string[] {
  const rule = CHAIN_RULES.find((r) => r.chain === chain);
  const cased = personCaseWords(words);
  for (let i = 0; rule && i < words.length; i++) {
    if (rule.pattern.test(fold(words[i] ?? ''))) return [...cased.slice(0, i), chain, ...cased.slice(i + 1)];
    // A chain printed in two words (`K CITYMARKET`, `SOKOS HERKKU`).
    const pair = fold(`${words[i] ?? ''} ${words[i + 1] ?? ''}`);
    if (rule.pattern.test(pair) && !rule.pattern.test(fold(words[i + 1] ?? ''))) {
      return [...cased.slice(0, i), chain, ...cased.slice(i + 2)];
    }
  }
  return cased;
}

function dropTrailingCity(words: string[]): string[] {
  const last = words[words.length - 1];
  if (words.length >= 3 && last !== undefined && CITIES.has(fold(last))) return words.slice(0, -1);
  return words;
}

function cityFromPostalLine(lines: readonly Line[]): string | null {
  for (const line of lines) {
    const m = /\b\d{5}\s+(\p{L}[\p{L}-]+)/u.exec(line.text);
    if (m?.[1]) return personCase(m[1], true);
  }
  return null;
}

function nameFromChainLine(line: Line, chain: string, header: readonly Line[], wholeKey: string): string {
  let words = withChainSpelling(nameWords(line.text), chain);
  words = dropTrailingCity(words);
  if (chain === 'Sokos' && /SOKOS\s*HERKKU|SOKOSHERKKU/.test(wholeKey)) {
    words = words.flatMap((w) => (w === 'Sokos' ? ['Sokos', 'Herkku'] : [w]));
  }
  let name = words.join(' ');
  // A logo line that says only the chain: the next plain header line usually names the place.
  if (fold(name) === fold(chain)) {
    const next = header.find((l) => l.index > line.index && isPlainNameLine(l));
    if (next) {
      const nextName = personCaseWords(nameWords(next.text)).join(' ');
      if (chainOf(next.key) === chain || chain === 'S-kaupat') return withOnlineCity(nextName, header);
      return `${name} ${nextName}`;
    }
  }
  if (/VERKKOKAUPPA/.test(fold(name))) name = withOnlineCity(name, header);
  return name;
}

// Online orders name a warehouse, not a place: add the city of the address.
function withOnlineCity(name: string, header: readonly Line[]): string {
  if (!/VERKKOKAUPPA/.test(fold(name))) return name;
  const city = cityFromPostalLine(header);
  return city && !fold(name).includes(fold(city)) ? `${name} ${city}` : name;
}

function isPlainNameLine(line: Line): boolean {
  return letterCount(line.text) >= 3 && !isHeaderDetail(line) && !/^[\d\s.,:/-]+$/.test(line.text);
}

/**
 * Store name and chain. `header` is the part of the receipt above the first product;
 * `all` is the whole receipt, searched for the chain when the header does not name it
 * (a footer such as 'TERVETULOA SOKOS HERKKUUN').
 */
export function detectStore(header: readonly Line[], all: readonly Line[]): StoreInfo {
  const wholeKey = all.map((l) => l.key).join('\n');
  const chainLines = header.filter((line) => chainOf(line.key) !== null);
  const firstChainLine = chainLines[0];
  if (firstChainLine) {
    let chain = chainOf(firstChainLine.key) ?? '';
    const spelled = fold(chain);
    // A logo line (`LIDL`) is often followed by one that also names the place (`Lidl Suomi Ky Turku`).
    const sameChain = chainLines.filter((line) => chainOf(line.key) === chain);
    const placed = sameChain.find((line) => fold(withChainSpelling(nameWords(line.text), chain).join(' ')) !== spelled);
    const name = nameFromChainLine(placed ?? firstChainLine, chain, header, wholeKey);
    if (chain === 'Sokos' && /SOKOS\s*HERKKU|SOKOSHERKKU/.test(wholeKey)) chain = 'Sokos Herkku';
    return { name, chain };
  }
  const first = header.find(isPlainNameLine);
  const name = first ? personCaseWords(nameWords(first.text)).join(' ') || null : null;
  const chainElsewhere = all.map((l) => chainOf(l.key)).find((c) => c !== null) ?? null;
  if (chainElsewhere) return { name: name ?? chainElsewhere, chain: chainElsewhere };
  return { name, chain: null };
}
