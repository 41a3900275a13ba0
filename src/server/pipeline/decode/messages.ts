// Every sentence the text stage can answer a visitor with, in one place so they read alike.
export const REFUSALS = {
  unsupportedType: 'This file type is not supported. Please upload a photo (JPEG, PNG, WebP, HEIC) or a PDF.',
  heicUnsupported:
    'This HEIC photo cannot be read on this server. Please upload it as a JPEG (most phones can share a photo as JPEG).',
  tooManyPixels: (megapixels: number) =>
    `This image is too large to process (over ${megapixels} megapixels). Please upload a smaller photo of the receipt.`,
  unreadableImage:
    'The image could not be read. It may be damaged or incomplete; please upload the photo again as a JPEG or PNG.',
  noTextInImage:
    'No text could be read from this photo. Lay the receipt flat, hold the camera closer so the receipt fills the picture, and take it in more light.',
  unreadablePhoto:
    'This photo could not be read clearly enough. Lay the receipt flat, hold the camera closer so the receipt fills the picture, and take it in more light.',
  encryptedPdf: 'This PDF is password-protected. Please upload an unprotected PDF or a photo of the receipt.',
  unreadablePdf: 'The PDF could not be read. It may be damaged; please upload it again or send a photo of the receipt.',
  noTextInPdf: 'No text could be read from this PDF. Please upload a clearer PDF or a photo of the receipt.',
  busy: 'The receipt reader is busy right now. Please try again in a moment.',
  ocrTimeout: 'Reading this receipt took too long. Please try again in a moment, or upload a smaller, sharper photo.',
  ocrUnavailable:
    'The receipt reader is not available right now. Please try again later, or paste the receipt text instead.',
} as const;

export function pdfPagesSkipped(read: number, total: number): string {
  return `Only the first ${read} of the PDF's ${total} pages were read.`;
}
