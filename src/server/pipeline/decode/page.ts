// One preparation for every picture of a receipt, whether it came as a photo or as the picture
// of a scanned PDF page: EXIF-rotated, cropped to the paper, the paper scaled to the width OCR
// reads best (OCR_PAPER_WIDTH), gray, and its tone evened. Deskewing (`levelPaper`) and the
// other tone (`evenPaperTone(gray, 'close')`) start from the same prepared page when a first
// reading does not add up.
import { cropPaper, evenPaperTone, type DecodeLimits, type ImageSource } from './image.ts';
import type { GrayImage } from './paper.ts';

export interface PreparedPage {
  /** The paper cut out, scaled and gray; its tone not yet evened. */
  gray: GrayImage;
  /** `gray` with shadows and uneven light divided out: what the first reading sees. */
  paper: GrayImage;
}

export async function preparePage(source: ImageSource, limits: DecodeLimits): Promise<PreparedPage> {
  const gray = await cropPaper(source, limits);
  return { gray, paper: await evenPaperTone(gray) };
}
