// Plain aligned text tables for the terminal: first column left, the rest right-aligned.

export type Cell = string | number | null;

export function formatCell(value: Cell, digits = 3): string {
  if (value === null) return '–';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(digits);
  return value;
}

export function formatTable(headers: string[], rows: Cell[][], options: { leftColumns?: number } = {}): string {
  const left = options.leftColumns ?? 1;
  const text = [headers, ...rows.map((row) => row.map((cell) => formatCell(cell)))];
  const widths = headers.map((_, column) => Math.max(...text.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]): string =>
    row
      .map((cell, column) => (column < left ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(text[0] ?? []), rule, ...text.slice(1).map(line)].join('\n');
}

export function percent(value: number | null): string {
  return value === null ? '–' : `${(value * 100).toFixed(1)}%`;
}
