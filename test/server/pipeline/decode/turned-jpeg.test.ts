// A picture written turned as a JPEG (a phone's sideways photo, a scanner app's landscape page)
// is prepared as its upright twin is: its paper found on a thumbnail decoded the same way, so its
// page comes out the same size. Real committed photos, written as the apps write them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cropPaper, type QuarterTurn } from '../../../../src/server/pipeline/decode/image.ts';
import { FIXTURE_RECEIPTS } from '../../../../scripts/paths.ts';

const limits = { maxPixels: 50_000_000 };
const PHOTOS = readdirSync(join(FIXTURE_RECEIPTS, 'images')).filter((name) => name.endsWith('.jpg'));
const TURNS = [90, 180, 270] as const;
/**
 * Of the 14 photos turned three ways (42 pages), the pages the same size as the upright twin's:
 * 30 when the thumbnail is scaled and then turned, 24 when the picture was turned and then
 * scaled from the whole (sharp cannot shrink a JPEG while decoding it once it is turned first).
 * The rest are a thumbnail's pixel apart: a JPEG's blocks start at its top left, so written
 * turned, a 1350-pixel-wide picture's blocks fall on another grid than upright.
 */
const SAME_SIZE_FLOOR = 28;

describe('cropPaper on a JPEG written turned', () => {
  it(`finds the paper where its upright twin has it: at least ${SAME_SIZE_FLOOR} of ${PHOTOS.length * TURNS.length} pages the same size`, { timeout: 120_000 }, async () => {
    expect(PHOTOS.length).toBeGreaterThanOrEqual(14);
    const differ: string[] = [];
    for (const name of PHOTOS) {
      // The width of a real phone photo shrunk by its app (the real Lidl photo read turned over).
      const upright = await sharp(readFileSync(join(FIXTURE_RECEIPTS, 'images', name)))
        .resize({ width: 1350 })
        .jpeg({ quality: 92 })
        .toBuffer();
      const twin = await cropPaper({ bytes: upright, kind: 'jpeg' }, limits);
      for (const turn of TURNS) {
        const turned = await sharp(upright).rotate(turn).jpeg({ quality: 92 }).toBuffer();
        const page = await cropPaper({ bytes: turned, kind: 'jpeg' }, limits, ((360 - turn) % 360) as QuarterTurn);
        if (page.width !== twin.width || page.height !== twin.height) differ.push(`${name} ${turn}°: ${page.height} px, twin ${twin.height} px`);
      }
    }
    expect(PHOTOS.length * TURNS.length - differ.length, differ.join('\n')).toBeGreaterThanOrEqual(SAME_SIZE_FLOOR);
  });
});
