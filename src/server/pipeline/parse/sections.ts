// Where the item list sits: after the header (store, address, register and date line) and
// before the total, the payment block or the VAT table.
import { nearWord, type Line } from './lines.ts';
import { isStopLine } from './line-kinds.ts';
import { trailingAmount } from './numbers.ts';
import { hasTotalKeyword, isVatHeader, readTotalLine, type TotalReading } from './totals.ts';

export interface Sections {
  /** First line that may be an item. */
  itemsStart: number;
  /** The line that ends the item list (total, payment or VAT line), or the line count. */
  itemsEnd: number;
  /** The printed total, when its line could be read. */
  total: TotalReading | null;
}

// `K012 M003730/9844 14.8.2023 18:01`: the register line that closes every S/K header.
const REGISTER = /\b[MN]\s?[0-9O]{5,7}\s?\/\s?[0-9O]{3,4}\b/;
const DATE = /\b\d{1,2}[./-]\d{1,2}[./-] ?(?:19|20)?\d{2}\b/;

// A business ID, a web address, Lidl's returns line: in the header when no price came before
// them (some shops print them again at the foot). When OCR lost the register or `EUR` line
// below them, the items still start after these. A web address is known by its `.fi` whatever
// OCR made of the slash after it (`1id1.fi asiakaspalvelu`).
const HEADER_ONLY = /Y-?TUNNUS|\b\d{7}-\d\b|WWW\.|HTTPS?:|\.FI\b/;

/** Lidl's `Palautusohje` (returns guide), also with a letter or two lost or misread (`ALAUTUSOHJE`, `PALAUTUSOHJ`). */
function isReturnsGuide(key: string): boolean {
  return key.split(/[^A-Z]+/).some((word) => nearWord(word, 'PALAUTUSOHJE'));
}

function isHeaderEnd(line: Line, pricedBefore: boolean): boolean {
  if (REGISTER.test(line.key) || DATE.test(line.key) || (!pricedBefore && (HEADER_ONLY.test(line.key) || isReturnsGuide(line.key)))) return true;
  // Lidl prints `EUR` above its price column; online orders print their order number.
  return (/(^|\s)EUR$/.test(line.key) && !/\d[,.]\d|KPL/.test(line.key)) || /^TILAUSNRO|^TILAUSNUMERO/.test(line.key);
}

export function findSections(lines: readonly Line[]): Sections {
  let firstEnd = lines.length;
  for (const line of lines) {
    if (isStopLine(line) || hasTotalKeyword(line)) {
      firstEnd = line.index;
      break;
    }
  }
  let itemsStart = 0;
  let pricedBefore = false;
  for (let i = 0; i < firstEnd; i++) {
    const line = lines[i];
    if (!line) continue;
    if (isHeaderEnd(line, pricedBefore)) itemsStart = i + 1;
    pricedBefore ||= trailingAmount(line.tokens) !== null;
  }
  // The first total after the items; a stop line before it (a payment block) ends the items.
  // Below the VAT table's head, a `Summa` or `YHTEENSÄ` row is the table's own sum: read with a
  // column OCR garbled, its first amount (the net) would pass for the total.
  let total: TotalReading | null = null;
  let itemsEnd = lines.length;
  let inVatTable = false;
  for (let i = itemsStart; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    inVatTable ||= isVatHeader(line);
    if (hasTotalKeyword(line) && !inVatTable) {
      if (itemsEnd === lines.length) itemsEnd = i;
      total = readTotalLine(line);
      if (total) break;
    } else if (isStopLine(line) && itemsEnd === lines.length) {
      itemsEnd = i;
    }
  }
  return { itemsStart, itemsEnd, total };
}
