// The inputs the latency benches send: a receipt text, a text-layer PDF and a 12-megapixel
// photo, from test/fixtures/receipts/ when present, else made with the corpus's own renderers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { PRESETS } from '../scripts/fixtures/presets.ts';
import { renderReceiptImage } from '../scripts/fixtures/render-image.ts';
import { renderTextPdf } from '../scripts/fixtures/render-pdf.ts';
import { FIXTURE_RECEIPTS, REPO_ROOT } from '../scripts/paths.ts';
import { SAMPLE_RECEIPT_TEXT } from '../src/sample-receipt.ts';
import { multipart } from '../test/support/multipart.ts';

const ROOT = REPO_ROOT;
const FIXTURES = FIXTURE_RECEIPTS;

export interface Input {
  kind: string;
  source: string;
  runs: number;
  targetMs: number;
  request: () => Promise<{ headers: Record<string, string>; payload: Buffer | string }>;
  url: string;
}

function fixtureFiles(folder: string, accept: (name: string) => boolean): string[] {
  const dir = join(FIXTURES, folder);
  return existsSync(dir) ? readdirSync(dir).filter(accept).sort().map((name) => join(dir, name)) : [];
}

// Any receipt but the widget's sample, which is read the same but not counted in the stats.
function receiptText(): { text: string; source: string } {
  const [file] = fixtureFiles('text', (name) => name.endsWith('.txt'));
  if (file) return { text: readFileSync(file, 'utf8'), source: `fixture ${file.slice(ROOT.length + 1)}` };
  return { text: SAMPLE_RECEIPT_TEXT.replace('Ruoholahti', 'Itäkeskus'), source: 'generated (sample from another shop)' };
}

async function textLayerPdf(text: string): Promise<{ bytes: Buffer; source: string }> {
  const [file] = fixtureFiles('pdf', (name) => name.endsWith('.pdf') && !name.includes('scan'));
  if (file) return { bytes: readFileSync(file), source: `fixture ${file.slice(ROOT.length + 1)}` };
  return { bytes: Buffer.from(await renderTextPdf(text, 'Receipt')), source: 'generated (digital receipt as the corpus makes them)' };
}

/** A 12-megapixel phone-sized JPEG (3000 × 4000) of a receipt. */
async function twelveMegapixelPhoto(text: string): Promise<{ bytes: Buffer; source: string }> {
  const [file] = fixtureFiles('images', (name) => /phone/.test(name) && /\.(jpe?g|png)$/.test(name));
  if (!file) {
    // The corpus's own 12 MP preset: a crumpled receipt photographed on a 3000 × 4000 sensor.
    const bytes = await renderReceiptImage(text, { seed: 12, ...PRESETS['phone-crumpled-12mp'] });
    return { bytes, source: 'generated (phone-crumpled-12mp preset, 3000×4000)' };
  }
  const bytes = await sharp(readFileSync(file))
    .resize(3000, 4000, { fit: 'contain', background: '#8a8378' })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { bytes, source: `fixture ${file.slice(ROOT.length + 1)} resized to 3000×4000` };
}

const upload = (bytes: Buffer, name: string, type: string, fileType: string) => multipart({ file: { bytes, name, type }, fileType });

/** The three inputs, each `runs(n)` times (n: its runs at scale 1). */
export async function latencyInputs(runs: (n: number) => number): Promise<Input[]> {
  const text = receiptText();
  const pdf = await textLayerPdf(text.text);
  const photo = await twelveMegapixelPhoto(text.text);
  return [
    {
      kind: 'text',
      source: text.source,
      runs: runs(20),
      targetMs: 20,
      url: '/api/process-text',
      request: async () => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ text: text.text }) }),
    },
    {
      kind: 'text-layer PDF',
      source: pdf.source,
      runs: runs(10),
      targetMs: 250,
      url: '/api/process-receipt-ai',
      request: () => upload(pdf.bytes, 'receipt.pdf', 'application/pdf', 'pdf'),
    },
    {
      kind: '12 MP photo',
      source: photo.source,
      runs: runs(5),
      targetMs: 2000,
      url: '/api/process-receipt-ai',
      request: () => upload(photo.bytes, 'receipt.jpg', 'image/jpeg', 'image'),
    },
  ];
}
