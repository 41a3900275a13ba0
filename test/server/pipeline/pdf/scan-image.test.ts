// Which page is one scanned picture, read from its own pixels: the drawing operations of a page
// as pdfjs lists them, written here as scanner apps draw a picture (upright, turned by the
// page's drawing, mirrored or skewed).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../../../src/server/pipeline/pdf/document.ts';
import { soleEmbeddedJpeg } from '../../../../src/server/pipeline/pdf/embedded-jpeg.ts';
import { soleScanImage, type OperatorCodes, type OperatorList } from '../../../../src/server/pipeline/pdf/scan-image.ts';
import { TURNED_RENDERS, turnedName } from '../../../../scripts/fixtures/receipts/index.ts';
import { FIXTURE_RECEIPTS } from '../../../../scripts/paths.ts';

const OPS: OperatorCodes = {
  save: 10,
  restore: 11,
  transform: 12,
  paintImageXObject: 85,
  paintInlineImageXObject: 86,
  paintImageMaskXObject: 83,
  showText: 44,
  showSpacedText: 45,
  fill: 22,
  eoFill: 23,
  stroke: 20,
  fillStroke: 24,
  eoFillStroke: 25,
  constructPath: 91,
};

/** A page that draws one 400×1000 picture with the matrix `cm`, as pdf-lib's drawImage writes it. */
function page(cm: number[]): OperatorList {
  return { fnArray: [OPS.save, OPS.transform, OPS.paintImageXObject, OPS.restore], argsArray: [null, cm, ['img_p0_1', 400, 1000], null] };
}

const turnedClockwise = (degrees: number, width: number, height: number, x: number, y: number): number[] => {
  const a = (-degrees * Math.PI) / 180;
  return [width * Math.cos(a), width * Math.sin(a), -height * Math.sin(a), height * Math.cos(a), x, y];
};

describe('soleScanImage', () => {
  it('takes a picture drawn upright, with the size it is drawn at', () => {
    expect(soleScanImage(page([200, 0, 0, 500, 24, 24]), OPS)).toEqual({ id: 'img_p0_1', width: 400, height: 1000, drawnWidth: 200, drawnHeight: 500 });
  });

  it.each([90, 180, 270])('takes a picture the page draws turned %i° clockwise, as scanner apps place a receipt taken sideways', (degrees) => {
    const image = soleScanImage(page(turnedClockwise(degrees, 200, 500, 300, 400)), OPS);
    expect(image).toMatchObject({ id: 'img_p0_1', width: 400, height: 1000 });
    expect(image?.drawnWidth).toBeCloseTo(200);
    expect(image?.drawnHeight).toBeCloseTo(500);
  });

  it('leaves a mirrored or skewed picture to be rendered as drawn', () => {
    expect(soleScanImage(page([-200, 0, 0, 500, 224, 24]), OPS)).toBeNull();
    expect(soleScanImage(page([0, 200, 500, 0, 24, 24]), OPS)).toBeNull();
    expect(soleScanImage(page(turnedClockwise(10, 200, 500, 100, 100)), OPS)).toBeNull();
  });

  it('leaves a page with text or drawing beside its picture to be rendered', () => {
    const list = page([200, 0, 0, 500, 24, 24]);
    expect(soleScanImage({ fnArray: [...list.fnArray, OPS.showText], argsArray: [...list.argsArray, []] }, OPS)).toBeNull();
  });
});

describe('a scan whose page draws its picture turned', () => {
  const drawn = TURNED_RENDERS.filter((render) => render.drawn);

  it.each(drawn.map((render) => [turnedName(render), render] as const))('%s is read from its own picture, the upright twin\'s JPEG byte for byte', async (_name, render) => {
    const bytes = await readFile(join(FIXTURE_RECEIPTS, 'turned', 'pdf', `${turnedName(render)}.pdf`));
    const twin = await soleEmbeddedJpeg(await readFile(join(FIXTURE_RECEIPTS, 'pdf', `${render.id}--scan.pdf`)), 0);
    const pdf = await openPdf(bytes, { maxPixels: 50_000_000 });
    try {
      const page = await pdf.scannedPage(1);
      expect('bytes' in page && page.kind).toBe('jpeg');
      expect('bytes' in page && twin !== null && page.bytes.equals(twin)).toBe(true);
    } finally {
      await pdf.close();
    }
  });

  it('the committed corpus holds such scans', () => {
    expect(drawn.length).toBeGreaterThan(0);
  });
});
