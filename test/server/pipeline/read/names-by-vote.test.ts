// A reading chosen because its prices add up keeps its prices, but a name it garbled is taken as
// most of the passes read it at that price. Through the reader's public interface, with passes
// as an extractor yields them.
import { describe, expect, it } from 'vitest';
import type { TextPass } from '../../../../src/server/pipeline/extract/index.ts';
import { readPasses } from '../../../../src/server/pipeline/read/index.ts';

const HEADER = 'K-Citymarket Turku Kupittaa\nUudenmaantie 17, 20700 Turku\nK042 M660782/2130 14.02 22.12.2023\n';

function receipt(lines: readonly string[], total: string): string {
  return `${HEADER}${lines.join('\n')}\nYHTEENSÄ                         ${total}\n`;
}

function photoPass(text: string, read: TextPass['read']): TextPass {
  return { text, kind: 'jpeg', method: 'ocr', read, ocrConfidence: 80, costMs: 500, notices: [] };
}

async function* yieldAll(passes: readonly TextPass[]): AsyncGenerator<TextPass, void, undefined> {
  yield* passes;
}

const names = async (passes: readonly TextPass[]): Promise<string[]> =>
  (await readPasses(yieldAll(passes))).receipt.items.map((item) => item.name);

const LANTTU = 'Pirkka lanttulaatikko 400g        1,89';
const ROSOLLI = 'Pirkka rosolli 400g               2,29';
const GARBLED = 'Apetir                            2,29';
const KERMA = 'Valio vispikerma 2dl laktoositon  2,78';

describe('names by vote', () => {
  it('takes the name two earlier passes read alike at the chosen line’s price', async () => {
    // The first two lose the cream's price and do not add up; the third does, with one name garbled.
    expect(
      await names([
        photoPass(receipt([LANTTU, ROSOLLI, 'Valio vispikerma 2dl laktoositon'], '6,96'), 'block'),
        photoPass(receipt([LANTTU, ROSOLLI], '6,96'), 'column'),
        photoPass(receipt([LANTTU, GARBLED, KERMA], '6,96'), 'block-local'),
      ]),
    ).toEqual(['Pirkka lanttulaatikko 400g', 'Pirkka rosolli 400g', 'Valio vispikerma 2dl laktoositon']);
  });

  it('keeps the chosen name with only one other pass, or when the others read another price there', async () => {
    expect(
      await names([
        photoPass(receipt([LANTTU, ROSOLLI], '6,96'), 'column'),
        photoPass(receipt([LANTTU, GARBLED, KERMA], '6,96'), 'block-local'),
      ]),
    ).toContain('Apetir');
    expect(
      await names([
        photoPass(receipt([LANTTU, ROSOLLI.replace('2,29', '2,20')], '6,96'), 'block'),
        photoPass(receipt([LANTTU, ROSOLLI.replace('2,29', '2,20')], '6,96'), 'column'),
        photoPass(receipt([LANTTU, GARBLED, KERMA], '6,96'), 'block-local'),
      ]),
    ).toContain('Apetir');
  });

  it('does not hand one line’s name to another line of the same price', async () => {
    // Two lines at 2,29; the earlier passes lost one of them, not misread it.
    const SAME_PRICE = 'Pirkka punajuuri 500g             2,29';
    const chosen = ['Pirkka rosolli 400g', 'Pirkka punajuuri 500g', 'Valio vispikerma 2dl laktoositon'];
    for (const kept of [ROSOLLI, SAME_PRICE]) {
      expect(
        await names([
          photoPass(receipt([kept], '7,36'), 'block'),
          photoPass(receipt([kept], '7,36'), 'column'),
          photoPass(receipt([ROSOLLI, SAME_PRICE, KERMA], '7,36'), 'block-local'),
        ]),
      ).toEqual(chosen);
    }
  });

  it('does not take the name of another of the chosen lines, read by the others at this line’s price', async () => {
    // The earlier passes misread the rosolli's 2,29 as the cream's 2,78 and lost the cream's price.
    const misread = receipt([LANTTU, ROSOLLI.replace('2,29', '2,78'), 'Valio vispikerma 2dl laktoositon'], '6,96');
    expect(
      await names([photoPass(misread, 'block'), photoPass(misread, 'column'), photoPass(receipt([LANTTU, ROSOLLI, KERMA], '6,96'), 'block-local')]),
    ).toEqual(['Pirkka lanttulaatikko 400g', 'Pirkka rosolli 400g', 'Valio vispikerma 2dl laktoositon']);
  });

  it('keeps the chosen name when one other pass reads the line and another lacks it', async () => {
    expect(
      await names([
        photoPass(receipt([LANTTU, ROSOLLI], '6,96'), 'block'),
        photoPass(receipt([LANTTU], '6,96'), 'column'),
        photoPass(receipt([LANTTU, GARBLED, KERMA], '6,96'), 'block-local'),
      ]),
    ).toContain('Apetir');
  });
});
