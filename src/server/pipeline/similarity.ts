// How alike two strings are, one way everywhere: OCR misspells a keyword by a letter or two
// (parse/lines.ts), reads the same printed line a little differently on each pass
// (read/merge-passes.ts), and names a product a little differently from its label (the eval's
// matching). Each caller folds its strings for its purpose first.

/** Levenshtein distance: the fewest letters inserted, deleted or replaced to turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(above + 1, (row[j - 1] ?? 0) + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

/** 1 − edits ÷ the longer length: 1 for equal strings, 0 for nothing in common (two empty strings have nothing to compare). */
export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 0 : 1 - editDistance(a, b) / longest;
}
