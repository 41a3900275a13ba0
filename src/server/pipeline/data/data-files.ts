// The one place that knows where the committed data tables live (`data/` at the repository root).
// They are read once, when the modules that need them load; the server never reads /work/shared.
import { readFileSync } from 'node:fs';
import { parseCsv, type CsvRow } from './csv.ts';

const DATA_DIR = new URL('../../../../data/', import.meta.url);

export function readDataTable(fileName: string): CsvRow[] {
  return parseCsv(readFileSync(new URL(fileName, DATA_DIR), 'utf8'));
}

export function readDataJson(fileName: string): unknown {
  return JSON.parse(readFileSync(new URL(fileName, DATA_DIR), 'utf8'));
}
