// The hostile-file suite: each kind of file whose cost to a reader grows far past its bytes, as
// the project's own generator makes it (in memory, in milliseconds), with the answer the backend
// promises for it. The suite (test/server/hostile/) and its bench (bench/hostile.ts) both read
// this list, so what is tested is what is measured.
import type { ErrorCode } from '../../src/contract.ts';
import { heicClaiming, jpegClaiming, png, svgLaughs } from './images.ts';
import * as pdfs from './pdfs.ts';

export interface HostileKind {
  name: string;
  /** What the file is, in a few words. */
  what: string;
  build(): Buffer | Promise<Buffer>;
  /** The answer the backend gives it: status and code. */
  expected: { status: number; code: ErrorCode };
}

const GiB = 1024 * 1024 * 1024;

export const HOSTILE_KINDS: readonly HostileKind[] = [
  {
    name: 'pdf-deflate-bomb',
    what: 'one content stream inflating to 1 GiB of zeros',
    build: () => pdfs.deflateBomb(1024),
    expected: { status: 413, code: 'pdf-too-much-data' },
  },
  {
    name: 'pdf-many-bombs',
    what: '160 content streams of 16 MiB each (2.5 GiB)',
    build: () => pdfs.manyDeflateBombs(160, 16),
    expected: { status: 413, code: 'pdf-too-much-data' },
  },
  {
    name: 'pdf-encrypted-bomb',
    what: '1 GiB content stream, RC4-encrypted with an empty password (the pre-scan cannot count it)',
    build: () => pdfs.encryptedDeflateBomb(1024),
    expected: { status: 422, code: 'pdf-too-complex' },
  },
  {
    name: 'pdf-many-pages',
    what: '5000 pages',
    build: () => pdfs.manyPages(5000),
    expected: { status: 413, code: 'pdf-too-many-pages' },
  },
  {
    name: 'pdf-many-objects',
    what: '200 000 objects',
    build: () => pdfs.manyObjects(200_000),
    expected: { status: 422, code: 'pdf-too-complex' },
  },
  {
    name: 'pdf-huge-image',
    what: 'a 30 000 × 30 000 RGB image (2.7 GB decoded)',
    build: () => pdfs.hugeImage(30_000, 30_000),
    expected: { status: 413, code: 'pdf-image-too-large' },
  },
  {
    name: 'pdf-lying-jpeg',
    what: 'a JPEG claiming 60 000 × 60 000 behind a 1000 × 1000 dictionary',
    build: () => pdfs.lyingJpegImage(),
    expected: { status: 413, code: 'pdf-image-too-large' },
  },
  {
    name: 'pdf-jpx',
    what: 'a JPEG 2000 image claiming 40 000 × 40 000',
    build: () => pdfs.jpxImage(),
    expected: { status: 413, code: 'pdf-image-too-large' },
  },
  {
    name: 'pdf-jbig2',
    what: 'a JBIG2 image claiming a 100 000 × 100 000 page',
    build: () => pdfs.jbig2Image(),
    expected: { status: 413, code: 'pdf-image-too-large' },
  },
  {
    name: 'pdf-deep-nesting',
    what: 'an array nested 100 000 deep',
    build: () => pdfs.deepNesting(100_000),
    expected: { status: 422, code: 'pdf-too-complex' },
  },
  {
    name: 'pdf-self-reference',
    what: 'a form that draws itself, an object that is its own reference',
    build: () => pdfs.selfReferences(),
    expected: { status: 422, code: 'no-text-in-pdf' },
  },
  {
    name: 'pdf-page-tree-loop',
    what: 'a page tree whose node has the root as its kid',
    build: () => pdfs.pageTreeLoop(),
    expected: { status: 422, code: 'unreadable-pdf' },
  },
  {
    name: 'pdf-many-operators',
    what: '24 MiB of path operators on one page (within the byte budget, past the time budget)',
    build: () => pdfs.manyOperators(24),
    expected: { status: 422, code: 'pdf-too-complex' },
  },
  {
    name: 'png-idat-bomb',
    what: 'a 1000 × 1000 PNG whose image data inflates to 2 GiB',
    build: () => png(1000, 1000, 2 * GiB),
    expected: { status: 422, code: 'unreadable-image' },
  },
  {
    name: 'jpeg-huge',
    what: 'a JPEG whose frame header claims 65 000 × 65 000',
    build: () => jpegClaiming(65_000, 65_000),
    expected: { status: 413, code: 'too-many-pixels' },
  },
  {
    name: 'svg',
    what: 'an SVG whose entities expand a billionfold',
    build: () => svgLaughs(9),
    expected: { status: 415, code: 'unsupported-type' },
  },
  {
    name: 'heic',
    what: 'a HEIC claiming 60 000 × 60 000',
    build: () => heicClaiming(60_000, 60_000),
    expected: { status: 415, code: 'heic-unsupported' },
  },
];
