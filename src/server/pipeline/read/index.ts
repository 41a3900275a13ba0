// The reading stage: text passes → the one receipt that best checks itself. Each pass is parsed
// once (../parse/); the receipts a pass may be are made from that parse (candidates.ts), and the
// chooser (choose.ts) keeps the first pass whose receipt adds up to the receipt's own total,
// asking the extractor for another pass only while none does. When none does, the passes are
// merged line by line (merge-passes.ts), or else column by column (merge-columns.ts), or else
// one pass is taken with one price another read on the same line (borrowed-price.ts); a chosen
// pass's names are put to the other passes' vote (names-by-vote.ts). A photo read unsurely and
// checking nothing is refused here (unreadable-photo.ts), beside the choice, and a photo's day
// is claimed only where two lines print it alike (claimed-date.ts). A long receipt scanned as
// several pages is joined into one text before it is parsed (pages.ts).
import type { TextPass } from '../extract/index.ts';
import { toEuros } from '../money.ts';
import { readPurchaseDate } from '../parse/date.ts';
import { parseText, storeOf, type ParsedText } from '../parse/index.ts';
import { buildReceipt } from '../receipt.ts';
import type { ParsedReceipt } from '../types.ts';
import { readingOf, type Candidate } from './candidates.ts';
import { withBorrowedPrice } from './borrowed-price.ts';
import { bestReading, checkReading, type ReadingCheck } from './choose.ts';
import { claimableDate } from './claimed-date.ts';
import { fitToTotal } from './fit-to-total.ts';
import { mergeColumns } from './merge-columns.ts';
import { voteOnPasses } from './merge-passes.ts';
import { namesByVote } from './names-by-vote.ts';
import { readColumns } from './offset-columns.ts';
import { joinPages } from './pages.ts';
import { isUnreadablePhoto, unreadablePhoto } from './unreadable-photo.ts';

/** What the reader made of a file's passes. */
export interface Reading {
  receipt: ParsedReceipt;
  /** The pass the receipt was read from (when passes were merged, the one closest to adding up). */
  pass: TextPass;
  /** Passes read. */
  passes: number;
  /** Texts parsed: each pass once. */
  parses: number;
}

function receiptOf(text: ParsedText, { section, fitted }: Pick<Candidate, 'section' | 'fitted'>, dateFrom: ParsedText = text): ParsedReceipt {
  const date = readPurchaseDate(dateFrom.lines, dateFrom.sections.itemsStart);
  const lines = {
    store: storeOf(text, section),
    date: date?.day ?? null,
    dateLines: date?.lines ?? 0,
    printedTotal: fitted.check.printedCents === null ? null : toEuros(fitted.check.printedCents),
    items: fitted.items,
    deposits: toEuros(section.depositCents),
    returns: toEuros(section.returnCents),
    fees: toEuros(section.feeCents),
  };
  return buildReceipt(lines, 'all');
}

/** A receipt's text (typed, pasted, a PDF's text layer or one OCR reading) read into the receipt it best makes. */
export function readReceiptText(text: string): ParsedReceipt {
  const parsed = parseText(text);
  return receiptOf(parsed, readingOf(parsed));
}

/** The lines among a reading's items it made no item of: a product line whose price it lost or could not read. */
function linesWithoutItem(text: ParsedText): string[] {
  const used = new Set(text.lineByLine.items.map((item) => item.lineIndex));
  return text.lines.slice(text.sections.itemsStart, text.sections.itemsEnd).filter((line) => !used.has(line.index)).map((line) => line.text);
}

/**
 * Several passes of one receipt, none of which adds up alone, merged line by line into the one
 * receipt that does, or else their columns (`columnTexts`: these passes and those set aside for
 * where their prices stood, not for what they read), or else one pass with one price another
 * read on the same line; null when they do not make exactly one. The store and the header come
 * from the first pass.
 */
function mergedReceipt(texts: readonly ParsedText[], columnTexts: readonly ParsedText[] = texts): ParsedReceipt | null {
  const lineReadings = texts.map((text) => ({ section: text.lineByLine, witnesses: text.witnesses, lines: linesWithoutItem(text) }));
  const lineVote = voteOnPasses(lineReadings);
  // A price borrowed only where the lines make no receipt at all: where they make two, it would pick one.
  const merged =
    lineVote.merged ??
    mergeColumns(columnTexts.map((text) => ({ columns: readColumns(text.lines, text.sections.itemsStart, text.sections.itemsEnd), witnesses: text.witnesses }))) ??
    (lineVote.rivals ? null : withBorrowedPrice(lineReadings));
  const first = texts[0];
  if (!merged || !first) return null;
  const fitted = fitToTotal(merged.section, { total: { cents: merged.totalCents, uncertain: false, lineIndex: -1 }, vatCents: null, payments: [] });
  if (!fitted.matches) return null;
  // The day from the first pass that reads one: OCR may have garbled it in another.
  const dated = texts.find((text) => readPurchaseDate(text.lines, text.sections.itemsStart) !== null) ?? first;
  return receiptOf(first, { section: merged.section, fitted }, dated);
}

/** Several OCR readings' texts merged (see `mergedReceipt`); null when they do not make exactly one receipt that adds up. */
export function readMergedTexts(texts: readonly string[]): ParsedReceipt | null {
  return mergedReceipt(texts.map(parseText));
}

interface PassRead {
  pass: TextPass;
  text: ParsedText;
  candidate: Candidate;
  check: ReadingCheck;
}

/** A pass's text as one receipt: the pages of a scan in parts joined where they overlap. */
function receiptText(pass: TextPass): string {
  return pass.pages ? joinPages(pass.pages) : pass.text;
}

/** The chosen pass's candidate with its names put to the other passes' vote. */
function withVotedNames(best: PassRead, read: readonly PassRead[]): Candidate {
  const others = read.filter((passRead) => passRead !== best).map((passRead) => passRead.candidate.fitted.items);
  return { ...best.candidate, fitted: { ...best.candidate.fitted, items: namesByVote(best.candidate.fitted.items, others) } };
}

/**
 * Reads a file's passes (the extractor's `extract`) into one receipt: pulls the first pass, and
 * another only while no pass read so far adds up. A pass of the page turned over sets aside the
 * passes before it (they were of the page upside down). Throws the extractor's refusals, and
 * `no-text-in-image` for a photo OCR read unsurely whose receipt checks nothing.
 */
export async function readPasses(passes: AsyncIterable<TextPass>, signal?: AbortSignal): Promise<Reading> {
  const read: PassRead[] = [];
  /** Passes set aside when the prices were moved: their columns still hold every price, in order. */
  const beforeMoved: ParsedText[] = [];
  let passesRead = 0;
  let parses = 0;
  for await (const pass of passes) {
    passesRead += 1;
    // The passes before read the page upside down, or with each name beside another one's price
    // (whose columns still count: the page the right way up, each price in its place in order).
    if (pass.turnedOver) beforeMoved.length = 0;
    if (pass.pricesMoved) beforeMoved.push(...read.map((passRead) => passRead.text));
    if (pass.turnedOver || pass.pricesMoved) read.length = 0;
    const text = parseText(receiptText(pass));
    parses += 1;
    const candidate = readingOf(text);
    const check = checkReading({ items: candidate.fitted.items, reconciliation: candidate.fitted.check });
    read.push({ pass, text, candidate, check });
    if (check.reconciles) break;
  }
  const best = read[bestReading(read.map((pass) => pass.check))];
  if (!best) throw new Error('The extractor yielded no text pass');
  const texts = read.map((pass) => pass.text);
  const merged = !best.check.reconciles && read.length + beforeMoved.length > 1 ? mergedReceipt(texts, [...beforeMoved, ...texts]) : null;
  const { method, ocrConfidence } = best.pass;
  const receipt = claimableDate(merged ?? receiptOf(best.text, withVotedNames(best, read)), method);
  signal?.throwIfAborted();
  if (isUnreadablePhoto({ method, items: receipt.items.length, printedTotal: receipt.printedTotal, ...(ocrConfidence === undefined ? {} : { ocrConfidence }) })) {
    throw unreadablePhoto();
  }
  return { receipt, pass: best.pass, passes: passesRead, parses };
}
