// Which way a receipt's print runs, measured on receipts rendered, turned and tilted in the test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { orientPaper, preparePaper, type QuarterTurn } from '../../../../src/server/pipeline/decode/image.ts';
import { halve, isSideways, measurePage } from '../../../../src/server/pipeline/decode/orientation.ts';
import { FIXTURE_RECEIPTS } from '../../../../scripts/paths.ts';
import { renderReceiptPng } from '../extract/helpers.ts';

const limits = { maxPixels: 50_000_000 };
// A committed receipt's text: mixed case, digits, Ä and Ö, as printed.
const RECEIPT = readFileSync(join(FIXTURE_RECEIPTS, 'text', 'k-supermarket-kamppi-2024-10-03.txt'), 'utf8');

async function turned(png: Buffer, degrees: number): Promise<Buffer> {
  return sharp(png).rotate(degrees, { background: '#ffffff' }).png().toBuffer();
}

describe('orientPaper', () => {
  it.each([0, 90, 180, 270] as const)('turns a receipt turned by %i degrees back upright', async (degrees) => {
    const png = await renderReceiptPng(RECEIPT, 22);
    const oriented = await orientPaper({ bytes: await turned(png, degrees), kind: 'png' }, limits);
    // Turning the picture clockwise by `turn` undoes a clockwise turn of 360 - turn.
    expect(oriented.turn).toBe(((360 - degrees) % 360) as QuarterTurn);
    expect(oriented.measure.upright).toBeGreaterThan(0.25);
    // The turned picture is prepared again from the picture, exactly as the upright one is.
    const upright = await preparePaper({ bytes: png, kind: 'png' }, limits);
    expect([oriented.paper.width, oriented.paper.height]).toEqual([upright.width, upright.height]);
  });

  // The committed blurry Lidl photo: a long receipt on a light table, which its paper box takes
  // in when the photo is turned a quarter and tilted. Scaled to the reading width along the
  // receipt's length, its letters are too small to measure as it came.
  it.each([
    [95, 270],
    [100, 270],
    [80, 270],
    [260, 90],
    [280, 90],
  ] as const)('turns a long receipt photographed turned by %i degrees the quarter turn (%i) back', async (degrees, quarter) => {
    const photo = readFileSync(join(FIXTURE_RECEIPTS, 'images', 'lidl-tampere-hatanpaa-2025-07-01--phone-blurry.jpg'));
    const bytes = await sharp(photo).rotate(degrees, { background: '#6b6b6b' }).png().toBuffer();
    const asCame = measurePage(await preparePaper({ bytes, kind: 'png' }, limits));
    expect(asCame.beside).toBeNull();
    const oriented = await orientPaper({ bytes, kind: 'png' }, limits);
    expect(oriented.turn).toBe(quarter);
    expect(oriented.measure.beside).toBeGreaterThan(0.8);
  });

  it('leaves a blank page as it came', async () => {
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const oriented = await orientPaper({ bytes: blank, kind: 'png' }, limits);
    expect(oriented.turn).toBe(0);
    expect(oriented.measure.beside).toBeNull();
  });
});

describe('measurePage', () => {
  // Up to 20°: a photo tilted 15° of a receipt that lay a few degrees askew on the table.
  it.each([-20, -15, -12, 12, 15, 20])('measures a lean of %i degrees', async (degrees) => {
    const png = await turned(await renderReceiptPng(RECEIPT, 22), degrees);
    const measure = measurePage(await preparePaper({ bytes: png, kind: 'png' }, limits));
    expect(isSideways(measure)).toBe(false);
    // sharp turns clockwise for a positive angle: the lines then fall to the right.
    expect(Math.abs(measure.lean - degrees)).toBeLessThanOrEqual(0.5);
  });

  it('tells lines running down a page from lines running across it', async () => {
    const png = await renderReceiptPng(RECEIPT, 22);
    const across = measurePage(await preparePaper({ bytes: png, kind: 'png' }, limits));
    const down = measurePage(await preparePaper({ bytes: await turned(png, 90), kind: 'png' }, limits));
    expect(across.beside).toBeGreaterThan(0.8);
    expect(down.beside).toBeLessThan(0.3);
    expect([isSideways(across), isSideways(down)]).toEqual([false, true]);
  });
});

describe('halve', () => {
  it('averages each 2 × 2 block', () => {
    const image = { width: 4, height: 2, data: Uint8Array.from([0, 100, 200, 200, 100, 200, 200, 200]) };
    expect(halve(image)).toEqual({ width: 2, height: 1, data: Uint8Array.from([100, 200]) });
  });
});
