// What a line between the header and the total is: a product, a modifier of the product above
// (quantity, weight, NORM., discount), a deposit, a bottle return, a fee, or nothing at all.
import { isVatHeader, hasTotalKeyword } from './totals.ts';
import { editDistance } from '../similarity.ts';
import { fold, isRuleMark, isSeparator, keyWords, letterCount, nearWord, type Line } from './lines.ts';
import { commalessReadings, parseAmountToken, partialPrice, signedCommalessReading, trailingAmount } from './numbers.ts';

export type LineKind =
  | { kind: 'end' }
  | { kind: 'skip'; separator: boolean }
  | { kind: 'norm'; cents: number }
  | { kind: 'quantity'; count: number; unitCents: number | null; totalCents: number | null }
  | { kind: 'weight'; kg: number; unitCents: number | null; totalCents: number | null }
  /** `rate`: the share printed on the line (`ALENNUS 30%`), when it could be read. */
  | { kind: 'discount'; cents: number; rate?: number }
  | { kind: 'deposit'; name: string; cents: number }
  | { kind: 'return'; name: string; cents: number }
  | { kind: 'fee'; name: string; cents: number }
  | { kind: 'product'; name: string; cents: number }
  /**
   * Letters with no price: a product whose price is wrapped onto the next line, or nothing.
   * When the line ends in a bare number OCR may have read without its decimal comma (`129`),
   * `readings` holds the prices it may mean and `shortName` the name without it. `partial`
   * marks readings of a price that lost its last digit: only the total can tell which it is.
   */
  | { kind: 'name'; name: string; readings: number[]; shortName: string; partial?: true }
  /** A price with no name: the wrapped price of the name above, or nothing. */
  | { kind: 'price'; cents: number };

// Where the item list ends: the card and payment block, loyalty block, VAT table, change.
const STOP =
  /^(KORTTITAP|CARD TRANSACTION|KORTTI\s*:|CARD\s*:|MAKSUTAPA|MAKSETTU|(DEBIT|CREDIT)\s*\/|VELOITUS|KORTTIMAKSU|VERKKOMAKSU|KATEINEN|TAKAISIN|VAIHTORAHA|KANTA-ASIAKAS|BONUSTA|BONUKSEEN|BONUKSET|PLUSSAA? KERRYTT|CARDHOLDER|PURCHASE\b|ALENNUKSET YHTEENSA|MOBILEPAY|LAHJAKORTTI\s*:)/;

// Words so particular to the payment block that they end the items wherever OCR puts them.
const STOP_ANYWHERE = /KORTTITAPAHTUMA|KORTTITAPAHTUVA|CARD TRANSACTION|VELOITUS|CARDHOLDER|BONUKSEEN KIRJATTU/;

export function isStopLine(line: Line): boolean {
  return STOP.test(line.key) || STOP_ANYWHERE.test(line.key) || isVatHeader(line);
}

// Lines inside the item list that are never products.
const INFO =
  /^(ASIAKASOMISTAJAN|HUOMIOITU|VALISUMMA|TILAUSNRO|TILAUSNUMERO|KUITTI\b|KASSA\b|MYYJA\b|EUR$)|TASAERA|EDUT JA ALENNUKSET/;

const DISCOUNT_WORDS = ['KAMPANJA', 'ALENNUS', 'RIVIALENNUS', 'PLUSSA-ETU', 'HINNANALENNUS', 'ETUHINTA'];
const DISCOUNT_START =
  /^(OMA |S-)?(KAMPANJA|ALENNUS|RIVIALENNUS|PLUSSA-?ETU|S-?ETU|K-?ETU|ETU\b|ETUHINTA|HINNANALENNUS|KUPONKI|LIDL PLUS|SAASTO|NORM\.? ?HINTA)/;

// A dash or star before the label, or specks OCR read from the margin: marks and digits
// (`4 PANTTI`, `3 —-— RIVIALENNUS`), and at most one read as a letter (`W PANTTI`).
function labelKey(key: string): string {
  return key.replace(/^[-*\s]+/, '').replace(/^(?:[^A-Z\s]{1,3}\s+)*(?:[A-Z]\s+)?(?=[A-Z]{3})/, '');
}

function isDiscountLabel(key: string): boolean {
  const label = labelKey(key);
  if (DISCOUNT_START.test(label) || /SAASTOSI|-SAASTO\b/.test(label)) return true;
  const first = keyWords(label)[0] ?? '';
  return DISCOUNT_WORDS.some((w) => nearWord(first, w));
}

export function isDepositLabel(key: string): boolean {
  const label = labelKey(key);
  if (/^\+?PANT(TI)?\b|^PANTTI/.test(label)) return true;
  // OCR misreads a letter of the word as it does of any (`PAÄNTTI`, `PANTT1`, `PANTII`); of
  // 515 000 product, food and receipt fields in the data, none starts with such a word.
  const first = keyWords(label)[0] ?? '';
  return first.startsWith('P') && editDistance(first, 'PANTTI') <= 1;
}

// `PALAUTUS:`, `PULLOPALAUTUS`, `TÖLKKI-/PULLOPALAUTUS` — but not a `PALAUTUSJUOMA` (a drink).
export function isReturnLabel(key: string): boolean {
  return keyWords(labelKey(key))
    .slice(0, 2)
    .some((word) => /PALAUTUS$/.test(word));
}

function isFeeLabel(key: string): boolean {
  return /TOIMITUSMAKSU|PAKKAUSMATERIAALI|KERAILYMAKSU|PALVELUMAKSU|KOTIINKULJETUS|NOUTOMAKSU|KULJETUSMAKSU|PAKKAUSMAKSU/.test(
    key,
  );
}

/** What a label printed apart from its amount stands for (the column and offset layouts pair them later). */
export type LabelKind = 'product' | 'deposit' | 'fee' | 'discount' | 'return';

export function labelKind(name: string): LabelKind {
  const key = fold(name);
  if (isReturnLabel(key)) return 'return';
  if (isDepositLabel(key)) return 'deposit';
  if (isDiscountLabel(key)) return 'discount';
  if (isFeeLabel(key)) return 'fee';
  return 'product';
}

const NUM = String.raw`(-?\d+\s?[,.]\s?\d\s?\d-?)`;
const EURO = String.raw`(?:€|EUR|E|C|e)?`;
// Lidl's VAT letter after a price that OCR moved onto the modifier line.
const VAT = String.raw`(?:\s+[A-F])?`;
// `KPL` as OCR reads it: `KP1`, `KPI`, `KPE`, `RPL`, `PL`, or `KP` with its L lost.
const PIECE = String.raw`(?:KPL|KP1|KPI|KPE|RPL|PL|KP)`;
const PER_PIECE = String.raw`(?:\/\s*${PIECE}l?)?`;
// A speck OCR glued to the unit: `KPL.`, `KPL,`, `KPI-`, `KPL:`.
const SPECK = String.raw`[.,:;-]?`;
const QTY_HEAD = new RegExp(String.raw`^(\d{1,3})\s*(?:${PIECE}|X|×)${SPECK}(?=[\s\d]|$)\s*(.*)$`, 'i');
const QTY_REST = new RegExp(
  String.raw`^(?:[xX×*áà@]\s*)?${NUM}?\s*${EURO}\s*${PER_PIECE}\s*${NUM}?${VAT}$`,
  'i',
);
// Noisy OCR around a quantity: trust the `N KPL  1,99 €/KPL` core wherever it sits, a speck
// between its count and its price or after the price too (`2 KPL = 1,81`, `2 KPI. 2,99`, `1,90.`).
const QTY_ANYWHERE = new RegExp(String.raw`(\d{1,3})\s*${PIECE}${SPECK}[\s=]+${NUM}\.?\s*(?:€|E|C)?\s*\/\s*K?P(?:[L1IE]|\b)`, 'i');
// Lidl's `2 x 2,39` with specks after it (`2 x 2,30 AA`, `2 x 2,39 (144`): a count and a unit
// price at the start of a line say it, whatever OCR made of the rest; read as a lone price, its
// unit price was taken for a product's.
const BARE_QTY = new RegExp(String.raw`^(\d{1,2})\s*[xX×]\s+(\d+[,.]\d{2})(?=\s|$)`);
// A weight as printed (`0,512`), with its digits spaced off the comma as OCR spaces a price's
// (`0, 440`, as `4, 09`), or with its comma lost (`0440` for 0,440: no receipt weighs 440 kg).
const KILOS = String.raw`(\d+\s?[,.]\s?\d{1,3}|0\d{3})`;
const PER_KILO = String.raw`\/\s*K[G6]`;
const WEIGHT_HEAD = new RegExp(String.raw`^${KILOS}\s*(?:KG|K6)\b\s*(.*)$`, 'i');
const WEIGHT_REST = new RegExp(
  String.raw`^(?:[xX×*=áà@]\s*)?(?:${NUM}\s*${EURO}\s*${PER_KILO})?\s*${NUM}?${VAT}$`,
  'i',
);
// And wherever it sits, in any unit printed (Lidl's `EUR/kg` too), specks around it.
const WEIGHT_ANYWHERE = new RegExp(String.raw`${KILOS}\s*K[G6]\b.{0,12}?${NUM}\s*${EURO}\s*${PER_KILO}`, 'i');

function kilos(raw: string | undefined): number {
  const text = (raw ?? '').replace(/\s/g, '');
  return /^0\d{3}$/.test(text) ? Number(`0.${text.slice(1)}`) : Number(text.replace(',', '.'));
}

function cents(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  return parseAmountToken(raw.replace(/\s/g, ''));
}

/** `2 KPL 1,99 €/KPL`, `2 KPL x 1,29`, `2 kpl x 1,29 €`, `2 x 2,39`, `2 KPL x 1,29 2,58`. */
export function parseQuantityLine(text: string): Extract<LineKind, { kind: 'quantity' }> | null {
  const head = QTY_HEAD.exec(text);
  if (head) {
    const rest = QTY_REST.exec((head[2] ?? '').trim());
    if (rest && (rest[1] !== undefined || new RegExp(PIECE, 'i').test(text))) {
      const unit = cents(rest[1]);
      const total = cents(rest[2]);
      // A negative amount after the unit price is a neighbouring discount, not the line total.
      return { kind: 'quantity', count: Number(head[1]), unitCents: unit, totalCents: total !== null && total > 0 ? total : null };
    }
  }
  const loose = QTY_ANYWHERE.exec(text);
  if (loose) return { kind: 'quantity', count: Number(loose[1]), unitCents: cents(loose[2]), totalCents: null };
  const bare = BARE_QTY.exec(text.trim());
  if (bare) return { kind: 'quantity', count: Number(bare[1]), unitCents: cents(bare[2]), totalCents: null };
  return null;
}

// `2 x 1,79` with its count read as a letter or two (`Mx 1779`, `PX 1,79`): the unit price alone.
const COUNTLESS_QTY = /^[^\s\d]{1,2}\s*[xX×]\s+(\S+)\s*(?:€|E|C)?$/;

/**
 * The unit prices a quantity line whose count OCR could not read may mean (its comma read too,
 * or lost: `1779` is 1,79 or 17,79); null when the line is no such line. The product's own price
 * says the count (`countFromPrice` in items.ts).
 */
export function parseCountlessQuantity(text: string): number[] | null {
  const token = COUNTLESS_QTY.exec(text.trim())?.[1];
  if (token === undefined) return null;
  const amount = parseAmountToken(token);
  const readings = amount !== null ? (amount > 0 ? [amount] : []) : commalessReadings(token);
  return readings.length > 0 ? readings : null;
}

/** `0,512 KG x 2,99 €/KG`, `0,240 KG  2,19 €/KG`, `1,305 KG`, `1,482 KG = 9,95 €/KG`. */
export function parseWeightLine(text: string): Extract<LineKind, { kind: 'weight' }> | null {
  const head = WEIGHT_HEAD.exec(text);
  if (head) {
    const rest = WEIGHT_REST.exec((head[2] ?? '').trim());
    if (rest) {
      const total = cents(rest[2]);
      const kg = kilos(head[1]);
      return { kind: 'weight', kg, unitCents: cents(rest[1]), totalCents: total !== null && total > 0 ? total : null };
    }
  }
  const loose = WEIGHT_ANYWHERE.exec(text);
  if (loose) {
    return { kind: 'weight', kg: kilos(loose[1]), unitCents: cents(loose[2]), totalCents: null };
  }
  return null;
}

const DATE = /\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/;

const PUNCTUATION_ONLY = /^[^\p{L}\p{N}%]+$/u;
const UPPER_WORD = /^[\p{Lu}\d.,/%&+-]*\p{Lu}[\p{Lu}\d.,/%&+-]*$/u;

/**
 * A product name as printed, inner spaces collapsed. Dropped: a leading EAN code, broken
 * amount specks (`11,%`), rule specks (`=`, `|`), edge punctuation, and the one- or two-letter lower-case specks OCR
 * leaves beside an upper-case name (`sa KAHVI SJ`, `KATKARAVUT MSC i`).
 */
export function cleanName(tokens: readonly string[]): string {
  // A crease across the name leaves a rule speck between its words (`SUKLAAMIX = CLASSIC`).
  const kept = tokens.filter((token) => !isRuleMark(token));
  if (kept.length > 1 && /^\d{8,14}$/.test(kept[0] ?? '')) kept.shift();
  const dropFirst = (): boolean =>
    PUNCTUATION_ONLY.test(kept[0] ?? '') || (/^\p{Ll}{1,2}$/u.test(kept[0] ?? '') && UPPER_WORD.test(kept[1] ?? ''));
  const dropLast = (): boolean => {
    const last = kept[kept.length - 1] ?? '';
    const before = kept[kept.length - 2] ?? '';
    return (
      PUNCTUATION_ONLY.test(last) ||
      /^\d+[,.][^\d\s]*$/.test(last) ||
      (/^\p{Ll}{1,2}$/u.test(last) && UPPER_WORD.test(before) && /\p{Lu}{2}/u.test(before))
    );
  };
  while (kept.length > 1 && dropFirst()) kept.shift();
  while (kept.length > 1 && dropLast()) kept.pop();
  return kept.join(' ').trim();
}

// `ALENNUS 30%`, and as OCR reads the sign: `30X`, `30x`, `30 &`, `304`. Shops take whole fives.
const RATE = /(?:^|\s)(\d{1,2})\s?(?:%|[Xx&]|4)(?=\s|$)/;

/** The share a discount label prints (`ALENNUS 30%` → 30), or null. */
function discountRate(name: string): number | null {
  const rate = Number(RATE.exec(name)?.[1] ?? NaN);
  return rate >= 5 && rate <= 90 && rate % 5 === 0 ? rate : null;
}

/** The share a discount line prints whose amount could not be read (`- ALENNUS 20 %  Zn`), or null for any other line. */
export function amountlessDiscountRate(name: string): number | null {
  return isDiscountLabel(fold(name)) ? discountRate(name) : null;
}

/** What a label with a signed amount is: a product, discount, deposit, return or fee. */
export function amountLabelKind(key: string, name: string, signed: number): LineKind {
  if (isReturnLabel(key)) return { kind: 'return', name, cents: Math.abs(signed) };
  if (isDepositLabel(key)) return signed < 0 ? { kind: 'return', name, cents: -signed } : { kind: 'deposit', name, cents: signed };
  if (isDiscountLabel(key)) {
    const rate = discountRate(name);
    return rate === null ? { kind: 'discount', cents: Math.abs(signed) } : { kind: 'discount', cents: Math.abs(signed), rate };
  }
  if (isFeeLabel(key)) return { kind: 'fee', name, cents: signed };
  if (signed < 0) return { kind: 'discount', cents: -signed };
  return { kind: 'product', name, cents: signed };
}

/**
 * A line that only completes the name above it: `  -1 KPL   1,80-` under
 * `PALAUTUS: PULLOPALAUTUS 2`, `0,65 X 2 vnt.   1,30` under a product. Returns the amount
 * when the line has nothing of its own but numbers and a unit.
 */
export function continuationAmount(line: Line): number | null {
  const amount = trailingAmount(line.tokens);
  if (!amount) return null;
  const head = line.tokens.slice(0, amount.tokenIndex).join(' ');
  return /^-?\d/.test(head) && letterCount(head) <= 4 ? amount.cents : null;
}

/**
 * S-Group's `NORM.` line (the price before the discounts under it). OCR misreads one of its
 * letters now and then (`NORN. 79,95`), and read as a product it made another item of the one
 * above at its price before discounts; with its dot, a four-letter word one letter off `NORM` is
 * that line.
 */
function isNormLabel(key: string): boolean {
  if (/^NORM[.,:;]?\s/.test(key)) return true;
  const word = /^([A-Z]{4})[.,]\s/.exec(key)?.[1];
  return word !== undefined && editDistance(word, 'NORM') <= 1;
}

/** Classifies one line of the item list. */
export function classifyLine(line: Line): LineKind {
  const { text, key } = line;
  if (text === '') return { kind: 'skip', separator: false };
  if (isSeparator(line)) return { kind: 'skip', separator: true };
  if (isStopLine(line) || hasTotalKeyword(line)) return { kind: 'end' };
  if (INFO.test(key) || /^\d{8,14}$/.test(text)) return { kind: 'skip', separator: false };

  if (isNormLabel(key)) {
    const amount = trailingAmount(line.tokens);
    return amount ? { kind: 'norm', cents: Math.abs(amount.cents) } : { kind: 'skip', separator: false };
  }
  if (!isReturnLabel(key) && !isDepositLabel(key)) {
    const quantity = parseQuantityLine(text);
    if (quantity) return quantity;
    const weight = parseWeightLine(text);
    if (weight) return weight;
  }

  const allowColon = letterCount(text) >= 3 && !DATE.test(text);
  const amount = trailingAmount(line.tokens, allowColon);
  if (amount) {
    const name = cleanName(line.tokens.slice(0, amount.tokenIndex));
    if (letterCount(name) < 2) return amount.cents >= 0 ? { kind: 'price', cents: amount.cents } : { kind: 'discount', cents: -amount.cents };
    return amountLabelKind(fold(name), name, amount.cents);
  }
  if (letterCount(text) < 2) return { kind: 'skip', separator: false };
  const name = cleanName(line.tokens);
  const last = line.tokens[line.tokens.length - 1] ?? '';
  const beforeLast = line.tokens[line.tokens.length - 2] ?? '';
  // Only a number after a word, or on a line that is mostly words, can be a price
  // (`Puh. 040 123 4567` is not one; `Herkku keittokinkku 150g 239` may be).
  const shortName = cleanName(line.tokens.slice(0, -1));
  const signed = isDiscountLabel(fold(shortName)) ? signedCommalessReading(last) : null;
  const readings = signed !== null ? [signed] : letterCount(beforeLast) > 0 || letterCount(text) >= 6 ? commalessReadings(last) : [];
  if (readings.length > 0 && letterCount(shortName) < 3) return { kind: 'skip', separator: false };
  const label = fold(shortName);
  const reading = readings[0];
  const isLabel = (key: string) => isDiscountLabel(key) || isDepositLabel(key) || isReturnLabel(key) || isFeeLabel(key);
  // `- RIVIALENNUS 30 %   0787`: a discount, deposit or fee whose amount lost its comma (and a
  // discount's `01555`, its minus too).
  if (reading !== undefined && isLabel(label)) return amountLabelKind(label, shortName, reading);
  // A product price that lost its last digit (`RAEJUUSTO  2,5 E`), on a line of words with no date.
  const partial = readings.length === 0 && allowColon ? partialPrice(line.tokens) : null;
  if (partial) {
    const partialName = cleanName(line.tokens.slice(0, partial.tokenIndex));
    if (letterCount(partialName) >= 3 && !isLabel(fold(partialName))) {
      return { kind: 'name', name, readings: partial.readings, shortName: partialName, partial: true };
    }
  }
  return { kind: 'name', name, readings, shortName };
}
