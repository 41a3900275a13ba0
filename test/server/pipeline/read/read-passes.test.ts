// The reading stage's public interface: it pulls a file's text passes one at a time, asks for
// another only while none read so far adds up, merges the passes it already parsed when none
// does, and refuses a photo read unsurely that checks nothing. The passes here are texts as an
// extractor would yield them (the extractor itself is tested with real OCR under extract/).
import { describe, expect, it } from 'vitest';
import type { TextPass } from '../../../../src/server/pipeline/extract/index.ts';
import { readPasses } from '../../../../src/server/pipeline/read/index.ts';
import { UNREAD_CONFIDENCE } from '../../../../src/server/pipeline/read/unreadable-photo.ts';

const HEADER = 'K-Supermarket Kamppi\nUrho Kekkosen katu 1, 00100 Helsinki\nK003 M038443/4291 17.10 3.10.2024\n';
const MILK = 'Pirkka täysmaito 1l laktoositon   1,79';
const BREAD = 'Vaasan Ruispalat 6kpl 330g        2,39';
const KESO = 'Arla Keso raejuusto 200g          1,85';

function receipt(lines: readonly string[], total: string): string {
  return `${HEADER}${lines.join('\n')}\nYHTEENSÄ                         ${total}\n`;
}

function photoPass(text: string, read: TextPass['read'], ocrConfidence = 90): TextPass {
  return { text, kind: 'jpeg', method: 'ocr', read, ocrConfidence, costMs: 500, notices: [] };
}

/** An extractor's passes, counting how many were pulled and whether the reader let go of them. */
function source(passes: readonly TextPass[]) {
  const seen = { pulled: 0, closed: false };
  async function* yieldPasses(): AsyncGenerator<TextPass, void, undefined> {
    try {
      for (const pass of passes) {
        seen.pulled += 1;
        yield pass;
      }
    } finally {
      seen.closed = true;
    }
  }
  return { passes: yieldPasses(), seen };
}

describe('readPasses', () => {
  it('reads one pass when it adds up, and lets go of the rest', async () => {
    const { passes, seen } = source([photoPass(receipt([MILK, BREAD], '4,18'), 'block'), photoPass('never read', 'column')]);
    const reading = await readPasses(passes);
    expect(reading.receipt.items.map((item) => item.price)).toEqual([1.79, 2.39]);
    expect(reading.receipt.reconciliation.status).toBe('match');
    expect({ passes: reading.passes, parses: reading.parses, read: reading.pass.read }).toEqual({ passes: 1, parses: 1, read: 'block' });
    expect(seen).toEqual({ pulled: 1, closed: true });
  });

  it('asks for another pass while none adds up, and keeps the first that does', async () => {
    const { passes, seen } = source([
      photoPass(receipt([MILK], '4,18'), 'block'),
      photoPass(receipt([MILK, BREAD], '4,18'), 'column'),
      photoPass('never read', 'block-local'),
    ]);
    const reading = await readPasses(passes);
    expect(reading.pass.read).toBe('column');
    expect(reading.receipt.items).toHaveLength(2);
    expect({ passes: reading.passes, parses: reading.parses }).toEqual({ passes: 2, parses: 2 });
    expect(seen).toEqual({ pulled: 2, closed: true });
  });

  it('merges the passes it parsed when none adds up alone, each pass parsed once', async () => {
    // Two passes lost the Keso line; the third kept it but read the bread as 2,89.
    const { passes } = source([
      photoPass(receipt([MILK, BREAD], '6,03'), 'block'),
      photoPass(receipt([MILK, BREAD], '6,03'), 'column'),
      photoPass(receipt([MILK, KESO, BREAD.replace('2,39', '2,89')], '6,03'), 'block-local'),
    ]);
    const reading = await readPasses(passes);
    expect(reading.receipt.items.map((item) => item.price)).toEqual([1.79, 1.85, 2.39]);
    expect(reading.receipt.reconciliation.status).toBe('match');
    expect(reading.receipt.store.chain).toBe('K-Supermarket');
    expect({ passes: reading.passes, parses: reading.parses }).toEqual({ passes: 3, parses: 3 });
  });

  it('keeps the pass closest to its total when the passes make no one receipt that adds up', async () => {
    const { passes } = source([photoPass(receipt([MILK], '9,99'), 'block'), photoPass(receipt([MILK, BREAD], '4,30'), 'column')]);
    const reading = await readPasses(passes);
    expect(reading.pass.read).toBe('column');
    expect(reading.receipt.reconciliation.status).toBe('mismatch');
    expect(reading.receipt.notices.map((notice) => notice.code)).toEqual(['total-mismatch']);
  });

  it('sets aside the passes of a page read upside down once a pass of it turned over comes', async () => {
    // Read upside down, the page gave one stray amount and a line that looks like the store's.
    const upsideDown = photoPass('ippmeX ȶǝʞɹɐɯ-Ӽ\nuuɐɔ 9L,T', 'block', 40);
    const { passes, seen } = source([
      upsideDown,
      { ...photoPass(receipt([MILK, BREAD], '6,03'), 'block', 85), turnedOver: true },
      photoPass(receipt([MILK, BREAD], '6,03'), 'column'),
      photoPass(receipt([MILK, KESO, BREAD.replace('2,39', '2,89')], '6,03'), 'block-local'),
    ]);
    const reading = await readPasses(passes);
    // Merged from the three passes of the page turned over alone: the store from the first of them.
    expect(reading.receipt.items.map((item) => item.price)).toEqual([1.79, 1.85, 2.39]);
    expect(reading.receipt.store.chain).toBe('K-Supermarket');
    expect({ passes: reading.passes, parses: reading.parses }).toEqual({ passes: 4, parses: 4 });
    expect(seen.pulled).toBe(4);
  });

  it('sets aside the lines of the passes read as printed once a pass of the page with its prices moved comes, not their columns', async () => {
    // Read as printed, each name got the next one's price and the last name none: wrong on every
    // line, and closer to the total than the passes of the page with its prices moved, which both
    // lost the last line. Its price column is whole and in order, though.
    const asPrinted = photoPass(receipt([MILK.replace('1,79', '2,39'), BREAD.replace('2,39', '1,85'), KESO.replace('1,85', '')], '6,03'), 'block', 80);
    const moved = photoPass(receipt([MILK, BREAD], '6,03'), 'block', 85);
    const { passes } = source([asPrinted, { ...moved, pricesMoved: true }, photoPass(receipt([MILK, BREAD], '6,03'), 'block-local', 84)]);
    const reading = await readPasses(passes);
    expect(reading.pass.pricesMoved).toBe(true);
    expect(reading.receipt.items.map((item) => [item.name, item.price])).toEqual([
      ['Pirkka täysmaito 1l laktoositon', 1.79],
      ['Vaasan Ruispalat 6kpl 330g', 2.39],
      ['Arla Keso raejuusto 200g', 1.85],
    ]);
    expect(reading.receipt.reconciliation.status).toBe('match');
    expect(reading.passes).toBe(3);
  });

  it('joins the pages of a scan in parts before parsing, so lines two pages show count once', async () => {
    const first = `${HEADER}${MILK}\n${BREAD}`;
    const second = `${HEADER}${BREAD}\n${KESO}\nYHTEENSÄ                          6,03`;
    const pages: TextPass = { text: `${first}\n\n${second}`, pages: [first, second], kind: 'pdf', method: 'pdf-ocr', read: 'pages', ocrConfidence: 88, costMs: 900, notices: [] };
    const reading = await readPasses(source([pages]).passes);
    expect(reading.receipt.items.map((item) => item.price)).toEqual([1.79, 2.39, 1.85]);
    expect(reading.receipt.reconciliation.status).toBe('match');
  });

  it('refuses a photo read unsurely whose receipt checks nothing, with advice on taking it again', async () => {
    const unsure = photoPass('JKL ÖÖ ASD\nrtz 1,20', 'block', UNREAD_CONFIDENCE - 10);
    await expect(readPasses(source([unsure]).passes)).rejects.toMatchObject({ code: 'no-text-in-image', message: /flat.*closer.*light/ });
    // The same text from a PDF's text layer is no unsure photo: the caller decides what no items means.
    const layer: TextPass = { ...unsure, method: 'pdf-text', read: 'text-layer' };
    delete layer.ocrConfidence;
    expect((await readPasses(source([layer]).passes)).receipt.printedTotal).toBeNull();
  });

  it('passes on what the extractor refuses, and stops when the visitor has gone', async () => {
    async function* refusing(): AsyncGenerator<TextPass, void, undefined> {
      yield* [];
      throw new Error('busy');
    }
    await expect(readPasses(refusing())).rejects.toThrow('busy');
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(readPasses(source([photoPass(receipt([MILK, BREAD], '4,18'), 'block')]).passes, controller.signal)).rejects.toThrow('gone');
  });
});
