// Measures the text stage on the real receipts in ../shared/data and prints tables:
// time per photo (preparation and OCR) and per PDF, and how many labelled items come back
// with name and price on one line. Not a test: run it by hand on a quiet machine. "cpu ms" is
// the CPU time of all the process' threads (sharp, pdfjs, the OCR worker), which shared cores
// inflate far less than the wall-clock "total ms".
//   node test/server/extract/measure.ts            (one OCR worker, warm)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { prepareForOcr } from '../../../src/server/pipeline/decode/image.ts';
import { detectKind } from '../../../src/server/pipeline/decode/detect.ts';
import { editsToFind, priceOnLine, testExtractor } from './helpers.ts';

const RECEIPTS = join(process.cwd(), '..', 'shared', 'data', 'receipts');
const FIXTURE_PHOTO = join(process.cwd(), 'test', 'fixtures', 'receipts', 'images', 'prisma-kaleva-2024-03-09--phone-crumpled-12mp.jpg');

if (!existsSync(RECEIPTS)) {
  console.log(`No receipts at ${RECEIPTS}; nothing to measure.`);
  process.exit(0);
}

interface LabelItem {
  name: string;
  price: number;
}



function score(text: string, items: LabelItem[]): { names: number; pairs: number } {
  const lines = text.split('\n').map((line) => line.toUpperCase().replace(/\s+/g, ' ').trim());
  let names = 0;
  let pairs = 0;
  for (const item of items) {
    const name = item.name.toUpperCase();
    const line = lines.find((candidate) => editsToFind(name, candidate) <= 0.25 * name.length);
    if (line === undefined) continue;
    names++;
    if (priceOnLine(item.price, line)) pairs++;
  }
  return { names, pairs };
}

const extractor = testExtractor();
const started = performance.now();
await extractor.ready();
console.log(`ready (one OCR worker, pdfjs loaded): ${Math.round(performance.now() - started)} ms`);
console.log(`load average at start: ${loadavg().map((value) => value.toFixed(1)).join(' ')} on ${availableParallelism()} cores\n`);

const rows: string[] = ['| photo | size | prepare ms | total ms | cpu ms | names | name+price |', '|---|---|---:|---:|---:|---:|---:|'];
const photos: { name: string; bytes: Buffer; items: LabelItem[] | null }[] = readdirSync(join(RECEIPTS, 'images'))
  .sort()
  .map((file) => ({
    name: file,
    bytes: readFileSync(join(RECEIPTS, 'images', file)),
    items: (JSON.parse(readFileSync(join(RECEIPTS, 'labels', file.replace(/\.[a-z]+$/i, '.json')), 'utf8')) as { items: LabelItem[] }).items,
  }));
// A 12-megapixel phone photo: the corpus' own, and a real photo enlarged to 3000×4000.
if (existsSync(FIXTURE_PHOTO)) photos.push({ name: 'fixture 12 MP (prisma-kaleva)', bytes: readFileSync(FIXTURE_PHOTO), items: null });
const first = photos[0];
if (first) {
  const enlarged = await sharp(first.bytes).resize(3000, 4000, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
  photos.push({ name: `${first.name} enlarged to 12 MP`, bytes: enlarged, items: first.items });
}

let totalNames = 0;
let totalPairs = 0;
let totalItems = 0;
for (const photo of photos) {
  const kind = detectKind(photo.bytes);
  if (!kind || kind === 'pdf') continue;
  const meta = await sharp(photo.bytes).metadata();
  const prepareStart = performance.now();
  await prepareForOcr({ bytes: photo.bytes, kind }, { maxPixels: 50_000_000 });
  const prepareMs = performance.now() - prepareStart;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await extractor.extractText(photo.bytes);
  const totalMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const found = photo.items ? score(result.text, photo.items) : null;
  if (found && photo.items && !photo.name.includes('enlarged')) {
    totalNames += found.names;
    totalPairs += found.pairs;
    totalItems += photo.items.length;
  }
  const of = photo.items ? `/${photo.items.length}` : '';
  rows.push(
    `| ${photo.name.slice(0, 60)} | ${meta.width}×${meta.height} | ${Math.round(prepareMs)} | ${Math.round(totalMs)} | ${Math.round(cpuMs)} | ${found ? found.names + of : '–'} | ${found ? found.pairs + of : '–'} |`,
  );
}
rows.push(`| all labelled photos | | | | | ${totalNames}/${totalItems} | ${totalPairs}/${totalItems} |`);
console.log(rows.join('\n'));

const pdfRows: string[] = ['\n| PDF | method | first ms | warm ms |', '|---|---|---:|---:|'];
for (const file of readdirSync(join(RECEIPTS, 'pdf')).sort()) {
  const bytes = readFileSync(join(RECEIPTS, 'pdf', file));
  let start = performance.now();
  const result = await extractor.extractText(bytes);
  const firstMs = performance.now() - start;
  start = performance.now();
  await extractor.extractText(bytes);
  const warmMs = performance.now() - start;
  pdfRows.push(`| ${file} | ${result.method} | ${Math.round(firstMs)} | ${Math.round(warmMs)} |`);
}
console.log(pdfRows.join('\n'));
await extractor.close();
