// Small builders shared by the app tests: multipart bodies, a rendered receipt image, and
// checks that say whether the other pipeline stages have landed yet.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { SAMPLE_RECEIPT_TEXT } from '../../../src/sample-receipt.ts';
import { analyzeParsedReceipt, parseReceiptText } from '../../../src/server/pipeline/analyze.ts';
import { createExtractor } from '../../../src/server/pipeline/extract.ts';
import type { AnalysisResult } from '../../../src/contract.ts';
import { CATEGORY_NAMES } from '../../../src/contract.ts';
import { expect } from 'vitest';

export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
}

/** Encodes fields the way a browser's FormData does, through the platform's own encoder. */
export async function multipart(fields: Record<string, string | { bytes: Uint8Array; name: string; type: string }>): Promise<MultipartBody> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A clean PNG of receipt text in a monospace font, as a thermal printer would print it. */
export async function renderReceiptPng(text: string): Promise<Buffer> {
  const lines = text.split('\n');
  const lineHeight = 30;
  const width = 900;
  const height = lines.length * lineHeight + 60;
  const tspans = lines
    .map((line, index) => `<tspan x="30" y="${40 + index * lineHeight}" xml:space="preserve">${escapeXml(line)}</tspan>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="white"/>
    <text font-family="DejaVu Sans Mono" font-size="22" fill="black">${tspans}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A text-layer PDF with one page per group of lines, in a monospace font. */
export async function renderReceiptPdf(pages: string[][]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Courier);
  for (const lines of pages) {
    const page = document.addPage([320, 40 + lines.length * 12]);
    lines.forEach((line, index) => page.drawText(line, { x: 12, y: page.getHeight() - 24 - index * 12, size: 8, font }));
  }
  return Buffer.from(await document.save());
}

/**
 * The offline text reader (parser and analysis) finds items in the widget's sample; false
 * while either stage is still a stub.
 */
export const parserReady =
  analyzeParsedReceipt(parseReceiptText(SAMPLE_RECEIPT_TEXT), { method: 'text' }).items.length > 0;

/** The real extractor recognises a PNG (false while its stage is a stub). */
export async function extractorReady(): Promise<boolean> {
  const extractor = createExtractor({ ocrWorkers: 1, maxQueue: 0, ocrTimeoutMs: 1000, maxPixels: 1e6, maxPdfPages: 1 });
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'white' } }).png().toBuffer();
  const ready = extractor.detect(png) === 'png';
  await extractor.close();
  return ready;
}

/** A receipt the stats must count: the sample's lines from another shop. */
export const COUNTED_RECEIPT_TEXT = SAMPLE_RECEIPT_TEXT.replace('Ruoholahti', 'Itäkeskus').replace('Porkkalankatu 11, 00180', 'Itäkatu 1, 00930');

const close = (a: number, b: number) => Math.abs(a - b) <= 0.011 + Math.abs(b) * 1e-6;

/** The contract's promises about an analysis, whatever receipt it came from. */
export function expectConsistentAnalysis(result: AnalysisResult): void {
  expect(result.items.length).toBeGreaterThan(0);
  expect(result.metadata.items_found).toBe(result.items.length);
  expect(Number.isNaN(Date.parse(result.metadata.processed_at))).toBe(false);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  expect(close(result.total_emissions, sum(result.items.map((item) => item.emissions)))).toBe(true);
  expect(close(result.total_price, sum(result.items.map((item) => item.price)))).toBe(true);
  for (const item of result.items) {
    expect(CATEGORY_NAMES).toContain(item.category);
    expect(item.weight).toBeGreaterThanOrEqual(0);
    expect(item.emissions).toBeGreaterThanOrEqual(0);
  }
  const used = new Set(result.items.map((item) => item.category));
  expect(new Set(Object.keys(result.categories))).toEqual(used);
  for (const [name, totals] of Object.entries(result.categories)) {
    const members = result.items.filter((item) => item.category === name);
    expect(totals?.count).toBe(members.length);
    expect(close(totals?.emissions ?? NaN, sum(members.map((item) => item.emissions)))).toBe(true);
    expect(close(totals?.price ?? NaN, sum(members.map((item) => item.price)))).toBe(true);
  }
  expect(result.summary.driving_equivalent_km).toBeCloseTo(result.total_emissions / 0.12, 1);
  expect(result.summary.tree_months_absorption).toBeCloseTo(result.total_emissions / (0.02 * 30.4), 1);
}
