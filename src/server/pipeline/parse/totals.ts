// The receipt's own total (YHTEENSÄ and its OCR and chain variants), the VAT table's gross
// total (a second witness), and the payment lines (a third, used when the total is unreadable).
import { withinRounding } from '../money.ts';
import { editDistance } from '../similarity.ts';
import { nearWord, type Line } from './lines.ts';
import { amountsIn, commalessReadings, tokenize, trailingAmount } from './numbers.ts';

// `TOTALT` is Swedish; Finnish receipts of Swedish-speaking towns and chains print it.
const TOTAL_WORDS = ['YHTEENSA', 'SUMMA', 'LOPPUSUMMA', 'MAKSETTAVA', 'TOTALT'];
const TOTAL_ABBREVIATIONS = new Set(['YHT', 'YHTEENS', 'YHTEENSA']);
// Lines that say "total" about something else: loyalty benefits, discounts, bonus purchases, VAT.
const NOT_THE_TOTAL =
  /EDUT|ALENNUKSET|SAAST|BONUS|KERRYTT|OSTOT|OSTOK|PALAUTUK|VEROTON|VEROLLINEN|\bVERO\b|ARVONLISAVERO|\bALV\b|VALISUMMA/;

function isTotalWord(word: string): boolean {
  if (TOTAL_ABBREVIATIONS.has(word)) return true;
  // `VHTEENSÄ`, `YHTEENSÄ:`, `YHTEEN5Ä`: OCR slips of the keyword itself.
  return TOTAL_WORDS.some((target) => nearWord(word, target));
}

/**
 * The line's first word is a total keyword, or its second after one short speck of OCR noise
 * (`MUU Yhteensä 12,96`, the VAT table's `J YHTEENSÄ`).
 */
function startsWithTotalWord([first, second]: readonly string[]): boolean {
  if (first === undefined) return false;
  return isTotalWord(first) || (first.length <= 3 && second !== undefined && isTotalWord(second));
}

/** True for a line that names the receipt total (whatever amounts it carries). */
export function hasTotalKeyword(line: Line): boolean {
  if (NOT_THE_TOTAL.test(line.key)) return false;
  const words = line.words;
  if (startsWithTotalWord(words)) return true;
  // Or margin noise of any length when nothing but the amount follows it (`Ty gtaesde Yhteensä 43,47`).
  // Cheap test first: every OCR variant of the keywords keeps one of these fragments.
  if (!/HTE|TEEN|EENS|SUMM|MAKSET|TOTALT/.test(line.key)) return false;
  const at = words.findIndex(isTotalWord);
  return at > 0 && words.slice(at + 1).every((w) => !/[A-Z]{2}/.test(w) || w === 'EUR');
}

export interface TotalReading {
  cents: number;
  /** True when read from digits without a decimal comma (`1338`), to be confirmed. */
  uncertain: boolean;
  lineIndex: number;
}

/**
 * Reads a total line: exactly one amount (the VAT table's YHTEENSÄ row has three).
 * A bare number of three or more digits is kept as an uncertain reading.
 */
export function readTotalLine(line: Line): TotalReading | null {
  if (!hasTotalKeyword(line)) return null;
  const tokens = tokenize(line.text, { thousands: true });
  const amounts = amountsIn(tokens);
  if (amounts.length === 1) {
    // Negative only on a receipt of returns alone.
    const amount = amounts[0];
    return amount ? { cents: amount.cents, uncertain: false, lineIndex: line.index } : null;
  }
  if (amounts.length > 1) return null;
  const last = tokens[tokens.length - 1] ?? '';
  // A total is rarely under ten euros, so the whole number is read as cents (`1338` → 13,38).
  const reading = commalessReadings(last).at(-1);
  return reading === undefined ? null : { cents: reading, uncertain: true, lineIndex: line.index };
}

export interface VatTable {
  /** Gross (VAT-inclusive) total of the table: its total row, else the sum of its rows. */
  grossCents: number;
  headerIndex: number;
}

/**
 * The VAT table's gross of each rate's row that could be read (`14,00% 1,62 0,23 1,85`), even
 * when another row or the table's total row could not: each is what the lines of one rate add up to.
 */
export function vatRateRows(lines: readonly Line[], from = 0): number[] {
  const headerIndex = lines.findIndex((line, i) => i >= from && isVatHeader(line));
  if (headerIndex < 0) return [];
  const rows: number[] = [];
  for (let i = headerIndex + 1; i < lines.length && i <= headerIndex + 10; i++) {
    const line = lines[i];
    if (!line || line.text === '') continue;
    if (hasTotalKeywordLoose(line)) break;
    const values = amountsIn(tokenize(line.text, { thousands: true })).map((a) => a.cents);
    // A dash OCR read before the tax (`—39.05`) is no minus sign: the table holds no negative amounts.
    if (values.length >= 3) rows.push(grossOfRow(values.map(Math.abs)));
    else if (values.length === 0 && !/%/.test(line.text) && rows.length > 0) break;
  }
  return rows;
}

/** `ALV VEROTON VERO VEROLLINEN` (S and K groups), `Alv Brutto Netto Vero` (Lidl). */
const VAT_COLUMNS = new Set(['VEROTON', 'VERO', 'VEROLLINEN', 'NETTO', 'BRUTTO']);

export function isVatHeader(line: Line): boolean {
  if (!/VERO|NETTO|BRUTTO/.test(line.key)) return false;
  const columns = line.words.filter((w) => VAT_COLUMNS.has(w)).length;
  return (line.words.includes('ALV') && columns >= 1) || columns >= 2;
}

// A VAT row prints net, tax and gross in some order; the gross is the one equal to the other two summed.
function grossOfRow(values: number[]): number {
  const [a, b, c] = values.slice(-3);
  if (a === undefined || b === undefined || c === undefined) return Math.max(...values);
  if (withinRounding(a + b, c)) return c;
  if (withinRounding(b + c, a)) return a;
  return Math.max(a, b, c);
}

/**
 * Finds the VAT table after `from` and returns its gross total: the table's own total row,
 * else the sum of its rows when every row could be read.
 */
export function findVatTable(lines: readonly Line[], from = 0): VatTable | null {
  const headerIndex = lines.findIndex((line, i) => i >= from && isVatHeader(line));
  if (headerIndex < 0) return null;
  let rowsGross = 0;
  let rows = 0;
  let unreadable = 0;
  for (let i = headerIndex + 1; i < lines.length && i <= headerIndex + 10; i++) {
    const line = lines[i];
    if (!line || line.text === '') continue;
    const values = amountsIn(tokenize(line.text, { thousands: true })).map((a) => a.cents);
    if (values.length >= 3) {
      const gross = grossOfRow(values);
      if (hasTotalKeywordLoose(line)) return { grossCents: gross, headerIndex };
      rowsGross += gross;
      rows++;
    } else if (hasTotalKeywordLoose(line)) {
      // The table's own total row, its amounts misread: the rate rows above it are the whole table.
      break;
    } else if (/%/.test(line.text) || values.length > 0) {
      // A row OCR could not read in full: the rows alone no longer add up to the total.
      unreadable++;
    } else if (rows + unreadable > 0) {
      break;
    }
  }
  return rows > 0 && unreadable === 0 ? { grossCents: rowsGross, headerIndex } : null;
}

// The VAT table's own total row (`YHTEENSÄ`, `YHT.`) — loose because NOT_THE_TOTAL would reject it.
function hasTotalKeywordLoose(line: Line): boolean {
  return startsWithTotalWord(line.words);
}

// `VELOITUS` anywhere: OCR often garbles what stands before it (`pebit/Veloitus`).
const PAYMENT_LINE = /(DEBIT|CREDIT)\s*\/\s*CHARGE|VELOITUS\b|^KORTTIMAKSU|^VERKKOMAKSU|^PURCHASE\b|^TOTAL\b|^KATEINEN/;
// The card terminal's bilingual label with one letter of either word misread (`Credit/Charde`,
// `Debit/Veloltus`): the pair of words around the slash is what names the line, not each spelling.
const CARD_LABEL = /^([A-Z]{5,6})\s*\/\s*([A-Z]{6,8})\b/;

function isCardLabel(key: string): boolean {
  const label = CARD_LABEL.exec(key.replace(/^[^A-Z]+/, ''));
  if (!label) return false;
  const [, kind = '', word = ''] = label;
  const near = (a: string, b: string) => editDistance(a, b) <= 1;
  return (near(kind, 'DEBIT') || near(kind, 'CREDIT')) && (near(word, 'CHARGE') || near(word, 'VELOITUS'));
}

/**
 * Amounts paid, from the card and payment block: `Debit/Veloitus 12,34 EUR`, `VERKKOMAKSU`,
 * `Korttimaksu`, `KÄTEINEN` less `TAKAISIN` (the change). Several when a receipt prints several.
 */
export function paymentAmounts(lines: readonly Line[], from = 0): number[] {
  const paid: number[] = [];
  let cash: number | null = null;
  for (const line of lines.slice(from)) {
    const amount = trailingAmount(tokenize(line.text, { thousands: true }));
    if (/^TAKAISIN|^VAIHTORAHA/.test(line.key)) {
      if (cash !== null && amount) paid.push(cash - Math.abs(amount.cents));
      cash = null;
    } else if ((PAYMENT_LINE.test(line.key) || isCardLabel(line.key)) && amount && amount.cents > 0) {
      if (cash !== null) paid.push(cash);
      cash = null;
      if (/^KATEINEN/.test(line.key)) cash = amount.cents;
      else paid.push(amount.cents);
    }
  }
  if (cash !== null) paid.push(cash);
  return paid;
}
