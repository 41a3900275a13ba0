// A small RFC 4180 reader for the project's own data tables (lexicon, product keys, factors) and the
// Agribalyse exports the factor build script reads. Quoted fields may hold commas, quotes ("") and
// line breaks; a UTF-8 byte-order mark is ignored. Rows become objects keyed by the header row.

export type CsvRow = Record<string, string>;

export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        field += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else {
      field += ch;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  // Blank lines carry no data.
  return records.filter((r) => r.length > 1 || (r[0] ?? '').trim() !== '');
}

export function parseCsv(text: string): CsvRow[] {
  const [header, ...rows] = parseCsvRecords(text);
  if (!header) return [];
  const names = header.map((h) => h.trim());
  return rows.map((cells) => {
    const row: CsvRow = {};
    names.forEach((name, index) => {
      row[name] = (cells[index] ?? '').trim();
    });
    return row;
  });
}
