// The extractor's passes, pulled by hand as the reading stage pulls them (real OCR of a receipt
// rendered in the test): nothing is read before it is asked for, each pass is the page prepared
// another way, and the photo's place in the OCR queue is held until the reader lets go.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelPaper, uprightPaper } from '../../../../src/server/pipeline/decode/image.ts';
import type { Extractor, TextPass } from '../../../../src/server/pipeline/extract/index.ts';
import { amountEnding, LIDL_ITEM_LINES, LIDL_LINES, LIDL_RAISE, renderRaisedPricesPng } from '../../../support/receipt-files.ts';
import { makeTextPdf, RECEIPT_LINES, readFile, renderReceiptPng, squash, testExtractor } from './helpers.ts';

describe('text passes', () => {
  let extractor: Extractor;
  beforeAll(async () => {
    // Without the budget for reading again, so a busy machine cannot end the passes early.
    extractor = testExtractor({ ocrRereadWithinPixels: Number.POSITIVE_INFINITY });
    await extractor.ready();
  });
  afterAll(() => extractor.close());

  it('reads a photo only as it is asked to: the block first, then line by line, then band by band, then whitened', { timeout: 120_000 }, async () => {
    const passes = extractor.extract(await renderReceiptPng());
    expect(extractor.load).toBe(0);
    const first = await passes.next();
    expect(first.value).toMatchObject({ kind: 'png', method: 'ocr', read: 'block', notices: [] });
    expect(squash(first.value?.text ?? '')).toMatch(/YHTEENSÄ 9,92/);
    expect(first.value?.costMs).toBeGreaterThan(0);
    // Held between passes: the next pass is read by the same worker, without queueing again.
    expect(extractor.load).toBe(1);
    const reads = [first.value?.read];
    const texts = [first.value?.text ?? ''];
    for await (const pass of passes) {
      reads.push(pass.read);
      texts.push(pass.text);
    }
    expect(reads).toEqual(['block', 'column', 'block-local', 'block']);
    // The page whitened above its print's gray still holds the whole print.
    expect(squash(texts[3] ?? '')).toMatch(/YHTEENSÄ 9,92/);
    expect(extractor.load).toBe(0);
  });

  it('reads a page whose prices stand half a line above their names with each price moved onto its name’s line', { timeout: 120_000 }, async () => {
    const passes: TextPass[] = [];
    for await (const pass of extractor.extract(await renderRaisedPricesPng(LIDL_LINES, LIDL_RAISE))) passes.push(pass);
    // The page lowered takes the place of the levelled page read line by line, and the readings after it read it too.
    expect(passes.map((pass) => pass.read)).toEqual(['block', 'block', 'block-local', 'block']);
    // The reader sets the pass read as printed aside from the first pass of the page lowered on.
    expect(passes.map((pass) => pass.pricesMoved ?? false)).toEqual([false, true, false, false]);
    // Each item after the first (which touches the column's head) by its name's first word, and its price.
    const items = LIDL_ITEM_LINES.slice(1).map((index) => {
      const line = LIDL_LINES[index] ?? '';
      return { first: line.trim().split(' ')[0] ?? '', price: amountEnding(line) ?? '' };
    });
    const onItsLine = (text: string) =>
      items.filter(({ first, price }) => text.split('\n').some((line) => line.trim().startsWith(first) && squash(line).trim().endsWith(price))).length;
    // Read as printed, Tesseract cuts lines across names and prices; lowered, every price is on its name's line.
    expect(onItsLine(passes[0]?.text ?? '')).toBeLessThanOrEqual(3);
    expect(onItsLine(passes[1]?.text ?? '')).toBe(items.length);
    expect(onItsLine(passes[2]?.text ?? '')).toBe(items.length);
    expect(onItsLine(passes[3]?.text ?? '')).toBe(items.length);
  });

  it('reads a page that leans a few degrees band by band from the page levelled, so no cut slices a line', { timeout: 180_000 }, async () => {
    // Twenty items of a K-Supermarket receipt, long enough to be read in bands of about fifteen lines.
    const items: readonly (readonly [string, string])[] = [
      ['VALIO KEVYTMAITO 1L', '1,29'], ['OLTERMANNI 900G', '9,49'], ['PIRKKA KAURAHIUTALE 1KG', '1,39'], ['BANAANI', '1,15'],
      ['ATRIA BROILERIN FILEE 400G', '5,99'], ['FAZER RUISLEIPÄ 500G', '2,49'], ['ARLA LUOMU JOGURTTI 1KG', '2,89'],
      ['PIRKKA TOMAATTIMURSKA 500G', '0,99'], ['HK SININEN LENKKI 550G', '3,19'], ['KANANMUNA 10KPL', '2,79'],
      ['PAULIG PRESIDENTTI 500G', '5,69'], ['SAARIOINEN MAKSALAATIKKO', '2,35'], ['PIRKKA PORKKANA 1KG', '0,89'],
      ['VALIO VOI 500G', '4,45'], ['ELOVENA VÄLIPALAKEKSI', '1,59'], ['PERUNA 2KG', '1,98'],
      ['PIRKKA PAKASTEHERNE 500G', '1,29'], ['KULTAKALA KIRJOLOHI 300G', '6,49'], ['OATLY KAURAJUOMA 1L', '1,99'],
      ['SUOMALAINEN KURKKU', '1,45'],
    ];
    const lines = ['K-SUPERMARKET TESTIKATU', 'Testikatu 1, 00100 Helsinki', '', ...items.map(([name, price]) => name.padEnd(34 - price.length) + price), '-'.repeat(34), 'YHTEENSÄ                     59,83'];
    // Under the lean a page is levelled at before its first reading (decode/image.ts), so it is first read leaning.
    const leaning = await sharp(await renderReceiptPng(lines)).rotate(7.5, { background: '#ffffff' }).png().toBuffer();
    const passes: TextPass[] = [];
    for await (const pass of extractor.extract(leaning)) passes.push(pass);
    expect(passes.map((pass) => pass.read)).toEqual(['block', 'column', 'block-local', 'block']);
    const onItsLine = (text: string) => items.filter(([name, price]) => text.split('\n').some((line) => squash(line).trim().startsWith(name.slice(0, 8)) && squash(line).trim().endsWith(price))).length;
    // Cut leaning, the bands sliced lines: 15 of the 20 items kept their price.
    expect(onItsLine(passes[2]?.text ?? '')).toBe(items.length);
    expect(onItsLine(passes[3]?.text ?? '')).toBe(items.length);
  });

  it('counts a levelled page as the page it was levelled from against the budget for reading again', { timeout: 120_000 }, async () => {
    // Tilted 4° on a dark table, the paper leans 4° and is first read so (decode/image.ts levels first only past 8°).
    const tilted = await sharp(await renderReceiptPng()).rotate(4, { background: '#6b6b6b' }).png().toBuffer();
    const { paper } = await uprightPaper({ bytes: tilted, kind: 'png' }, { maxPixels: 50_000_000 });
    const pagePixels = paper.width * paper.height;
    // Levelled, the page is wider and longer by its white corners.
    const levelled = await levelPaper(paper);
    expect(levelled.width * levelled.height).toBeGreaterThan(pagePixels);
    // A budget of two readings of the page: the line-by-line reading of the levelled page counts as one of them.
    const budgeted = testExtractor({ ocrRereadWithinPixels: 2 * pagePixels });
    try {
      const reads = [];
      for await (const pass of budgeted.extract(tilted)) reads.push(pass.read);
      expect(reads).toEqual(['block', 'column', 'block-local']);
    } finally {
      await budgeted.close();
    }
  });

  it('gives the place in the queue back when the reader stops asking', { timeout: 60_000 }, async () => {
    const passes = extractor.extract(await renderReceiptPng());
    await passes.next();
    expect(extractor.load).toBe(1);
    await passes.return();
    expect(extractor.load).toBe(0);
  });

  it('turns a page over when its first reading holds no receipt, only when the next pass is asked for', { timeout: 120_000 }, async () => {
    // In capitals only, a page has no ascenders to weigh against its commas: its measures cannot
    // tell it upside down (decode/orientation.ts), so it is read as it came first.
    const upsideDown = await sharp(await renderReceiptPng(RECEIPT_LINES.map((line) => line.toUpperCase()))).rotate(180).png().toBuffer();
    const passes = extractor.extract(upsideDown);
    const first = await passes.next();
    expect(first.value).toMatchObject({ read: 'block' });
    expect(first.value?.turnedOver).toBeUndefined();
    expect(squash(first.value?.text ?? '')).not.toMatch(/YHTEENSÄ/);
    const second = await passes.next();
    expect(second.value).toMatchObject({ read: 'block', turnedOver: true });
    expect(squash(second.value?.text ?? '')).toMatch(/YHTEENSÄ 9,92/);
    expect(second.value?.ocrConfidence).toBeGreaterThan(first.value?.ocrConfidence ?? 100);
    await passes.return();
    // The reader sets the upside-down pass aside and stops at the pass that adds up.
    const read = await readFile(extractor, upsideDown);
    expect({ passes: read.passes, turnedOver: read.turnedOver, status: read.receipt.reconciliation.status }).toEqual({ passes: 2, turnedOver: true, status: 'match' });
    expect(read.receipt.items).toHaveLength(4);
  });

  it('never turns over a page whose first reading holds a receipt', { timeout: 60_000 }, async () => {
    const reads = [];
    for await (const pass of extractor.extract(await renderReceiptPng())) reads.push(pass.turnedOver ?? false);
    expect(reads).toEqual([false, false, false, false]);
  });

  it('yields one pass for a PDF text layer and for a photo not to be read again', { timeout: 60_000 }, async () => {
    const pdf = [];
    for await (const pass of extractor.extract(await makeTextPdf())) pdf.push(pass);
    expect(pdf).toMatchObject([{ kind: 'pdf', method: 'pdf-text', read: 'text-layer', costMs: 0 }]);
    const once = testExtractor({ ocrRereads: false });
    try {
      const photo = [];
      for await (const pass of once.extract(await renderReceiptPng())) photo.push(pass.read);
      expect(photo).toEqual(['block']);
    } finally {
      await once.close();
    }
  });
});
