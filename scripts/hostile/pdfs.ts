// Hostile PDFs: each is small, well formed where it needs to be, and costs a reader far more
// than its bytes in one way (inflated bytes, pages, objects, pixels, nesting, loops, work).
import { deflatedRepeat } from './deflate.ts';
import { jbig2Stream, jpegClaiming, jpxCodestream } from './images.ts';
import { emptyPasswordEncryption } from './encrypt.ts';
import { onePagePdf, writePdf, type PdfObject } from './pdf-writer.ts';

const MiB = 1024 * 1024;

/** One content stream that inflates to `mib` MiB of zeros. */
export function deflateBomb(mib = 1024): Buffer {
  return onePagePdf(deflatedRepeat(mib * MiB), { filter: '/FlateDecode' });
}

/** `count` content streams of one page, each inflating to `mib` MiB of spaces (each alone within a per-stream limit). */
export function manyDeflateBombs(count = 160, mib = 16): Buffer {
  const stream = deflatedRepeat(mib * MiB, Buffer.from(' '));
  const first = 4;
  const refs = Array.from({ length: count }, (_, index) => `${first + index} 0 R`).join(' ');
  return writePdf({
    root: 1,
    objects: [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 226 600] /Contents [${refs}] /Resources << >> >>`,
      ...Array.from({ length: count }, () => ({ dict: '<< /Filter /FlateDecode >>', data: stream })),
    ],
  });
}

/** `pages` pages sharing one small content stream that prints a receipt line. */
export function manyPages(pages = 5000): Buffer {
  const first = 5;
  const kids = Array.from({ length: pages }, (_, index) => `${first + index} 0 R`).join(' ');
  return writePdf({
    root: 1,
    objects: [
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>',
      { dict: '<< >>', data: Buffer.from('BT /F1 8 Tf 10 580 Td (MAITO 1L 1,29) Tj ET') },
      ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 226 600] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>'),
    ],
  });
}

/** `count` tiny objects beside a one-page receipt. */
export function manyObjects(count = 300_000): Buffer {
  return onePagePdf(Buffer.from('BT ET'), { extra: Array.from({ length: count }, (): PdfObject => 'null') });
}

/** A page drawing one image XObject of `width` × `height` RGB pixels, its data a deflate bomb. */
export function hugeImage(width = 30_000, height = 30_000): Buffer {
  return onePagePdf(Buffer.from(`q ${226} 0 0 600 0 0 cm /Im0 Do Q`), {
    resources: '<< /XObject << /Im0 5 0 R >> >>',
    extra: [{ dict: `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode >>`, data: deflatedRepeat(64 * MiB) }],
  });
}

/** A page drawing one image whose dictionary says 1000 × 1000 but whose own data claims `width` × `height`. */
function lyingImage(filter: string, data: Buffer, colorSpace = '/DeviceRGB', bits = 8): Buffer {
  return onePagePdf(Buffer.from('q 226 0 0 600 0 0 cm /Im0 Do Q'), {
    resources: '<< /XObject << /Im0 5 0 R >> >>',
    extra: [{ dict: `<< /Type /XObject /Subtype /Image /Width 1000 /Height 1000 /ColorSpace ${colorSpace} /BitsPerComponent ${bits} /Filter ${filter} >>`, data }],
  });
}

/** A JPEG 2000 image claiming 40 000 × 40 000 pixels behind a 1000 × 1000 dictionary. */
export function jpxImage(): Buffer {
  return lyingImage('/JPXDecode', jpxCodestream(40_000, 40_000));
}

/** A JBIG2 image claiming a 100 000 × 100 000 page behind a 1000 × 1000 dictionary. */
export function jbig2Image(): Buffer {
  return lyingImage('/JBIG2Decode', jbig2Stream(100_000, 100_000), '/DeviceGray', 1);
}

/** A JPEG image claiming 60 000 × 60 000 pixels behind a 1000 × 1000 dictionary. */
export async function lyingJpegImage(): Promise<Buffer> {
  return lyingImage('/DCTDecode', await jpegClaiming(60_000, 60_000));
}

/** An object nested `depth` arrays deep, in the page's own dictionary. */
export function deepNesting(depth = 100_000): Buffer {
  const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  return writePdf({
    root: 1,
    objects: [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 226 600] /Contents 4 0 R /Resources << >> /Nested ${nested} >>`,
      { dict: '<< >>', data: Buffer.from('BT ET') },
    ],
  });
}

/**
 * Objects that refer to themselves: a form XObject that draws itself, a length that is its own
 * reference, a page whose resources are a reference to a reference to themselves.
 */
export function selfReferences(): Buffer {
  return writePdf({
    root: 1,
    objects: [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 226 600] /Contents 4 0 R /Resources 5 0 R /Rotate 6 0 R >>',
      { dict: '<< >>', data: Buffer.from('q /Fm0 Do Q') },
      '<< /XObject << /Fm0 7 0 R >> >>',
      '6 0 R',
      { dict: '<< /Type /XObject /Subtype /Form /BBox [0 0 226 600] /Resources 5 0 R >>', data: Buffer.from('q 0.5 0 0 0.5 0 0 cm /Fm0 Do Q /Fm0 Do') },
    ],
  });
}

/** A page tree whose second kid is a node that has the root as its kid, claiming a million pages. */
export function pageTreeLoop(): Buffer {
  return writePdf({
    root: 1,
    objects: [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 1000000 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 226 600] /Contents 4 0 R /Resources << >> >>',
      { dict: '<< >>', data: Buffer.from('BT ET') },
      '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R 5 0 R] /Count 999999 >>',
    ],
  });
}

/** One page of `mib` MiB of path operators: within any byte budget, expensive to interpret and draw. */
export function manyOperators(mib = 24): Buffer {
  return onePagePdf(deflatedRepeat(mib * MiB, Buffer.from('10 10 m 9 9 l S\n')), { filter: '/FlateDecode' });
}

/**
 * A deflate bomb the pre-scan cannot count: its stream is encrypted (RC4, empty user password),
 * so only a reader that decrypts it sees the gibibyte; the reader's process limits must hold.
 */
export function encryptedDeflateBomb(mib = 1024): Buffer {
  const encryption = emptyPasswordEncryption();
  return writePdf({
    root: 1,
    trailer: `/Encrypt 5 0 R ${encryption.id} `,
    objects: [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 226 600] /Contents 4 0 R /Resources << >> >>',
      { dict: '<< /Filter /FlateDecode >>', data: encryption.encrypt(4, deflatedRepeat(mib * MiB)) },
      encryption.dictionary,
    ],
  });
}
