// The OpenAI vision path's input, apart from the offline reader: for images one JPEG
// (EXIF-rotated, long side ≤ 2048 px); for PDFs the text layer when every page has one, else
// one JPEG per page. No OCR runs here.
import { detectKind, type FileKind } from '../decode/detect.ts';
import { toVisionJpeg } from '../decode/image.ts';
import { unsupportedType } from '../decode/refusals.ts';
import { withPdf, type PdfLimits } from './pdf.ts';

export interface VisionInput {
  kind: FileKind;
  text: string | null;
  images: Buffer[];
}

export async function visionInput(bytes: Buffer, limits: PdfLimits, signal?: AbortSignal): Promise<VisionInput> {
  const kind = detectKind(bytes);
  if (!kind) throw unsupportedType();
  if (kind !== 'pdf') return { kind, text: null, images: [await toVisionJpeg({ bytes, kind }, limits)] };
  return withPdf(bytes, limits, async (pdf, pages) => {
    const texts: string[] = [];
    for (let page = 1; page <= pages; page++) {
      signal?.throwIfAborted();
      const layer = await pdf.pageText(page);
      if (layer === null) break;
      texts.push(layer);
    }
    if (texts.length === pages) return { kind, text: texts.join('\n\n'), images: [] };
    const images: Buffer[] = [];
    for (let page = 1; page <= pages; page++) {
      signal?.throwIfAborted();
      images.push(await toVisionJpeg({ pixels: await pdf.renderPage(page) }, limits));
    }
    return { kind, text: null, images };
  }, signal);
}
