// Finding the receipt on a committed photo whose pale table a darker ground frames (a floor, a
// tilted picture's corners): real pixels, through the preparation every photo gets.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { preparePaper } from '../../../../src/server/pipeline/decode/image.ts';
import { FIXTURE_RECEIPTS } from '../../../../scripts/paths.ts';

const limits = { maxPixels: 50_000_000 };
// A receipt on a light wooden table that fills the frame.
const PHOTO = readFileSync(join(FIXTURE_RECEIPTS, 'images', 'tokmanni-espoo-suomenoja-2025-03-20--phone-tilted-left.jpg'));

describe('preparePaper on a framed table', () => {
  it('cuts out the receipt, not the table, when a darker ground shows around the table', async () => {
    const { width = 0 } = await sharp(PHOTO).metadata();
    const margin = Math.round(width * 0.15);
    const framed = await sharp(PHOTO).extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#6b6b6b' }).png().toBuffer();
    const page = await preparePaper({ bytes: framed, kind: 'png' }, limits);
    // Scaled to one width, the receipt's columns make a tall page (the table's rows, the
    // receipt's width); the whole table's box was wider than tall (1000 × 1333).
    expect(page.height / page.width).toBeGreaterThan(2.5);
  });
});
