// Lines rebuilt from word positions: pure geometry, no OCR worker needed.
import { describe, expect, it } from 'vitest';
import { linesFromSegments, segmentsOfPage, type OcrSegment, type OcrWord } from '../../../../src/server/pipeline/ocr/layout.ts';

const CHAR = 12;
const HEIGHT = 30;

/** A word whose baseline is at `baseline`, starting at `left`, 12 px per character. */
function word(text: string, left: number, baseline: number): OcrWord {
  return { text, confidence: 90, left, right: left + text.length * CHAR, top: baseline - 22, bottom: baseline };
}

/** One segment of words separated by single spaces, on a baseline leaning by `slope`. */
function segment(text: string, left: number, baseline: number, slope = 0): OcrSegment {
  const words: OcrWord[] = [];
  let x = left;
  for (const part of text.split(' ')) {
    words.push(word(part, x, baseline + slope * (x - left)));
    x += (part.length + 1) * CHAR;
  }
  const right = x - CHAR;
  return { words, baseline: { x0: left, y0: baseline, x1: right, y1: baseline + slope * (right - left) }, rowHeight: HEIGHT };
}

describe('linesFromSegments', () => {
  it('puts a price read as its own segment back on its name’s line when the paper leans', () => {
    // Lines 40 px apart, leaning 3° (0.05): 600 px to the right a line has dropped 30 px,
    // most of the way to the line below.
    const slope = 0.05;
    const segments = [
      segment('MAITO 1L', 20, 100, slope),
      segment('LEIPÄ', 20, 140, slope),
      segment('1,29', 620, 100 + slope * 600, slope),
      segment('2,49', 620, 140 + slope * 600, slope),
    ];
    const lines = linesFromSegments(segments).split('\n');
    expect(lines.map((line) => line.replace(/\s+/g, ' '))).toEqual(['MAITO 1L 1,29', 'LEIPÄ 2,49']);
  });

  it('keeps lines in reading order and a wide gap wide', () => {
    const segments = [segment('YHTEENSÄ', 20, 300), segment('K-MARKET TESTI', 20, 50), segment('3,78', 500, 300)];
    const text = linesFromSegments(segments);
    expect(text.split('\n')[0]).toBe('K-MARKET TESTI');
    expect(text.split('\n')[1]).toMatch(/^YHTEENSÄ {20,}3,78$/);
  });

  it('does not join two segments that overlap: they are different lines', () => {
    const segments = [segment('KAURAJUOMA 1L', 20, 100), segment('BANAANI', 40, 108)];
    expect(linesFromSegments(segments).split('\n')).toHaveLength(2);
  });

  it('reads nothing from no words', () => {
    expect(linesFromSegments([])).toBe('');
    expect(linesFromSegments([{ words: [word(' ', 0, 10)], baseline: { x0: 0, y0: 10, x1: 5, y1: 10 }, rowHeight: 20 }])).toBe('');
  });
});

describe('segmentsOfPage', () => {
  it('turns Tesseract’s blocks into segments with their words’ boxes and the line’s baseline', () => {
    const bbox = { x0: 10, y0: 20, x1: 60, y1: 44 };
    const line = {
      words: [{ text: 'MAITO', confidence: 91, bbox, symbols: [], choices: [], font_name: '' }],
      text: 'MAITO',
      confidence: 91,
      baseline: { x0: 10, y0: 40, x1: 60, y1: 41, has_baseline: true },
      rowAttributes: { ascenders: 6, descenders: 4, rowHeight: 26 },
      bbox,
    };
    const empty = { ...line, words: [] };
    const page = { blocks: [{ paragraphs: [{ lines: [line, empty], text: '', confidence: 91, bbox, is_ltr: true }], text: '', confidence: 91, bbox, blocktype: '', page: null as never }] };
    expect(segmentsOfPage(page)).toEqual([
      {
        words: [{ text: 'MAITO', confidence: 91, left: 10, top: 20, right: 60, bottom: 44 }],
        baseline: line.baseline,
        rowHeight: 26,
      },
    ]);
    expect(segmentsOfPage({ blocks: null })).toEqual([]);
  });
});
