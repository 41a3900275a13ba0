// Builds data/emission-factors.csv from data/factor-sources.csv and the shared source datasets, so
// every committed number can be reproduced and traced to its source row.
//
//   node scripts/data/build-factors.ts [shared-data-dir]     (default ../shared/data)
//
// Sources (see data/SOURCES.md):
//   agribalyse  Agribalyse 3.1: synthèse `Changement climatique` minus the detail file's
//               `Changement climatique - Consommation` (cradle to retail). Codes match by integer value
//               (the two files write 1 and 0001; some carry a suffix, 20047_1). `ref` is a code or a blend `6254:0.5+28001:0.5`.
//   finnish     finnish-literature-values.csv: `ref` is the row's `item`; `pick` is low, high, mid, a
//               value printed in that row's own fields, or a value and the product the row's notes quote
//               it for (`2.7 potted lettuce`), so the citation names what the number measures.
//   owid        Poore & Nemecek (2018) via OWID, global mean per kg: `ref` is the entity (last resort).
//   nonfood     0: not food.
// `scale` multiplies the value (e.g. brewed tea → tea leaves).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseCsv, type CsvRow } from '../../src/server/pipeline/data/csv.ts';
import { REPO_ROOT as repoRoot, SHARED_DATA } from '../paths.ts';

function readCsv(path: string): CsvRow[] {
  return parseCsv(readFileSync(path, 'utf8'));
}

interface AgribalyseRow {
  code: string;
  name: string;
  total: number;
  consumption: number;
}

// The two files write some codes differently (`1` and `0001`); a few codes carry a suffix (`20047_1`).
const agribalyseCode = (code: string): string => code.trim().replace(/^0+(?=\d)/, '');

function loadAgribalyse(factorsDir: string): Map<string, AgribalyseRow> {
  const dir = resolve(factorsDir, 'agribalyse-3.1');
  const consumption = new Map<string, number>();
  for (const row of readCsv(resolve(dir, 'agribalyse-31-detail-par-etape.csv'))) {
    consumption.set(agribalyseCode(row['Code AGB'] ?? ''), Number(row['Changement climatique - Consommation']));
  }
  const rows = new Map<string, AgribalyseRow>();
  for (const row of readCsv(resolve(dir, 'agribalyse-31-synthese.csv'))) {
    const code = agribalyseCode(row['Code AGB'] ?? '');
    const stage = consumption.get(code);
    if (stage === undefined) throw new Error(`Agribalyse code ${code} has no detail row`);
    rows.set(code, { code, name: row['LCI Name'] ?? '', total: Number(row['Changement climatique']), consumption: stage });
  }
  return rows;
}

const round = (value: number, digits = 3): number => Number(value.toFixed(digits));

interface Built {
  value: number;
  source: string;
  dataset: string;
  boundary: string;
}

function fromAgribalyse(ref: string, agribalyse: Map<string, AgribalyseRow>): Built {
  const parts = ref.split('+').map((part) => {
    const [code, share] = part.split(':');
    const row = agribalyse.get(agribalyseCode(code ?? ''));
    if (!row) throw new Error(`Agribalyse code ${code} not found`);
    return { row, share: share === undefined ? 1 : Number(share) };
  });
  const shares = parts.reduce((sum, part) => sum + part.share, 0);
  if (Math.abs(shares - 1) > 0.011) throw new Error(`Blend ${ref} shares add up to ${shares}, not 1`);
  const value = parts.reduce((sum, { row, share }) => sum + share * (row.total - row.consumption), 0);
  const named = parts
    .map(({ row, share }) => `#${row.code} ${row.name}${parts.length > 1 ? ` × ${share}` : ''}`)
    .join(' + ');
  return { value, source: `Agribalyse 3.1 ${named}`, dataset: 'Agribalyse 3.1', boundary: 'cradle to retail' };
}

// Some rows give their boundary as "as above" or "as for herring": follow the reference.
function finnishBoundary(rows: CsvRow[], index: number): string {
  const boundary = rows[index]?.system_boundary ?? '';
  const match = /^as (above|for (.+))$/i.exec(boundary.trim());
  if (!match) return boundary;
  const target = match[2]
    ? rows.findIndex((r) => (r.item ?? '').toLowerCase().includes((match[2] ?? '').toLowerCase()))
    : index - 1;
  return target >= 0 && target !== index ? finnishBoundary(rows, target) : boundary;
}

/** Whether `text` prints `value` (`2.7` or `2,7`) as a number of its own, after `before` when given. */
function prints(text: string, value: string, before = ''): boolean {
  const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [value, value.replace('.', ',')].some((form) =>
    new RegExp(`(^|[^0-9.,])${before ? `${escape(before)}\\s+` : ''}${escape(form)}([^0-9]|$)`, 'i').test(text),
  );
}

/** A row's name without its qualifiers: `vendace (muikku), trawled / seine` → `vendace`. */
const shortItem = (item: string): string => item.split(/\s*[(,]/)[0] ?? item;

function fromFinnish(ref: string, pick: string, rows: CsvRow[]): Built {
  const index = rows.findIndex((r) => r.item === ref);
  const row = rows[index];
  if (!row) throw new Error(`Finnish value "${ref}" not found`);
  const low = Number(row.value_low);
  const high = Number(row.value_high);
  const otherProduct = /^(\d+(?:\.\d+)?)\s+(\D.*)$/.exec(pick);
  let value: number;
  let cited = ref;
  if (pick === 'low') value = low;
  else if (pick === 'high') value = high;
  else if (pick === 'mid') value = (low + high) / 2;
  else if (otherProduct) {
    const [, figure = '', product = ''] = otherProduct;
    if (!prints(row.notes ?? '', figure, product)) throw new Error(`The notes of the Finnish row "${ref}" do not quote ${product} ${figure}`);
    value = Number(figure);
    cited = `${product} ${figure} (in the notes of the ${shortItem(ref)} row)`;
  } else {
    value = Number(pick);
    const { notes = '', ...fields } = row;
    if (!prints(Object.values(fields).join(' '), pick)) {
      // A figure only the notes quote is usually another product's (perch in the vendace row): say which.
      const hint = prints(notes, pick) ? `; it is only in the notes: write the product it measures, "${pick} <product>"` : '';
      throw new Error(`Value ${pick} is not printed in the Finnish row "${ref}"${hint}`);
    }
    cited = `${ref}, value ${pick} quoted in the row`;
  }
  const who = row.who ?? '';
  const year = row.year && row.year !== 'not stated' && !who.includes(row.year) ? ` (${row.year})` : '';
  const boundary = finnishBoundary(rows, index);
  return {
    value,
    source: `${who}${year}: ${cited}, ${row.unit_and_basis} — ${row.url}`,
    dataset: 'Finnish literature',
    boundary,
  };
}

function fromOwid(ref: string, rows: CsvRow[]): Built {
  const row = rows.find((r) => r.Entity === ref);
  const value = Number(row?.['GHG emissions per kilogram (Poore & Nemecek, 2018)'] || Number.NaN);
  if (!row || !Number.isFinite(value)) throw new Error(`OWID entity "${ref}" has no value`);
  return {
    value,
    source: `Poore & Nemecek (2018) via Our World in Data: ${ref}, global mean`,
    dataset: 'OWID / Poore & Nemecek 2018',
    boundary: 'cradle to retail',
  };
}

/** The factor table's rows (header first), rebuilt from the shared source files in `sharedDir`. */
export function buildFactorRows(sharedDir: string): string[][] {
  const factorsDir = resolve(sharedDir, 'emission-factors');
  const agribalyse = loadAgribalyse(factorsDir);
  const finnish = readCsv(resolve(factorsDir, 'finnish-literature-values.csv'));
  const owid = readCsv(resolve(factorsDir, 'owid-poore-nemecek-2018/poore-nemecek-2018-environmental-impacts-of-food.csv'));
  const keys = new Set(readCsv(resolve(repoRoot, 'data/product-keys.csv')).map((row) => row.key ?? ''));
  const sources = readCsv(resolve(repoRoot, 'data/factor-sources.csv'));

  const out: string[][] = [['key', 'kg_co2e_per_kg', 'dataset', 'boundary', 'factor_source', 'note']];
  const seen = new Set<string>();
  for (const row of sources) {
    const key = row.key ?? '';
    if (!keys.has(key)) throw new Error(`factor-sources.csv: ${key} is not a product key`);
    if (seen.has(key)) throw new Error(`factor-sources.csv: ${key} appears twice`);
    seen.add(key);
    let built: Built;
    if (row.dataset === 'agribalyse') built = fromAgribalyse(row.ref ?? '', agribalyse);
    else if (row.dataset === 'finnish') built = fromFinnish(row.ref ?? '', row.pick ?? '', finnish);
    else if (row.dataset === 'owid') built = fromOwid(row.ref ?? '', owid);
    else if (row.dataset === 'nonfood') built = { value: 0, source: 'Not food: no food emissions counted', dataset: 'none', boundary: '' };
    else throw new Error(`factor-sources.csv: ${key} has unknown dataset "${row.dataset}"`);
    const scale = row.scale ? Number(row.scale) : 1;
    const value = round(built.value * scale);
    const source = scale === 1 ? built.source : `${built.source} × ${scale}`;
    const known = built.boundary && !/^not stated/i.test(built.boundary);
    const withBoundary = known ? `${source} (${built.boundary})` : source;
    out.push([key, String(value), built.dataset, built.boundary, withBoundary, row.note ?? '']);
  }
  const missing = [...keys].filter((key) => !seen.has(key));
  if (missing.length > 0) throw new Error(`No factor source for: ${missing.join(', ')}`);
  return out;
}

function toCsv(rows: string[][]): string {
  const cell = (value: string): string => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return `${rows.map((cells) => cells.map(cell).join(',')).join('\n')}\n`;
}

if (import.meta.main) {
  const sharedDir = resolve(process.argv[2] ?? SHARED_DATA);
  const rows = buildFactorRows(sharedDir);
  writeFileSync(resolve(repoRoot, 'data/emission-factors.csv'), toCsv(rows));
  console.log(`Wrote ${rows.length - 1} factors to data/emission-factors.csv from ${sharedDir}`);
  console.table(rows.slice(1).map(([key, value, dataset]) => ({ key, value: Number(value), dataset })));
}
