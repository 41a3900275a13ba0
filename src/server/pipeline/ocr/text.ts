// Tesseract's text as the parser wants it: no trailing blanks, no runs of empty lines.
export function tidyOcrText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Enough letters or digits to be worth parsing; OCR of a blank photo yields a few stray marks. */
export function hasReadableText(text: string, minimum = 4): boolean {
  return (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= minimum;
}
