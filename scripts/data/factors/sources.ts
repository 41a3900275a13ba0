// The emission-factor sources, read in place from the shared data (never copied into the
// repository): Agribalyse 3.1 with its life-cycle stages, the Finnish literature values (plus the
// few published figures of data/literature-values.csv), and Poore & Nemecek via OWID. One reference
// (`dataset`, `ref`, `pick`) gives one number with its citation; the factor table and its
// comparison table are both built from such references.
//
//   agribalyse  `ref` = code, or a blend `6254:0.5+28001:0.5`; `pick` empty = cradle to retail
//               (synthèse total minus the consumer stage), or one stage: `agriculture`,
//               `processing`, `packaging`, `transport`, `retail`.
//   finnish     `ref` = the row's `item` in finnish-literature-values.csv (`chicken [2]` for the second
//               row of an item); `pick` = low, high, mid, a
//               value printed in the row's own fields, or a value and the product the row's notes
//               quote it for (`2.7 potted lettuce`).
//   literature  the same, for the rows of data/literature-values.csv (published figures the shared
//               file lacks, each with its URL).
//   owid        `ref` = entity: global mean per kg, cradle to retail.
//   nonfood     0: not food.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseCsv, type CsvRow } from '../../../src/server/pipeline/data/csv.ts';
import { REPO_ROOT } from '../../paths.ts';

export function readCsv(path: string): CsvRow[] {
  return parseCsv(readFileSync(path, 'utf8'));
}

export const STAGES = ['agriculture', 'processing', 'packaging', 'transport', 'retail', 'consumption'] as const;
export type Stage = (typeof STAGES)[number];
const STAGE_COLUMNS: Record<Stage, string> = {
  agriculture: 'Agriculture',
  processing: 'Transformation',
  packaging: 'Emballage',
  transport: 'Transport',
  retail: 'Supermarché et distribution',
  consumption: 'Consommation',
};

export interface AgribalyseRow {
  code: string;
  name: string;
  /** Sous-groupe d'aliment (French), for finding related rows. */
  subgroup: string;
  /** Cradle to consumer (the synthèse column). */
  total: number;
  stages: Record<Stage, number>;
  /** Data quality rating, 1 (excellent) … 5 (very poor). */
  dqr: number;
}

/** Cradle to retail: every stage but the consumer's. */
export const toRetail = (row: AgribalyseRow): number => row.total - row.stages.consumption;

// The two files write some codes differently (`1` and `0001`); a few codes carry a suffix (`20047_1`).
export const agribalyseCode = (code: string): string => code.trim().replace(/^0+(?=\d)/, '');

function loadAgribalyse(factorsDir: string): Map<string, AgribalyseRow> {
  const dir = resolve(factorsDir, 'agribalyse-3.1');
  const details = new Map<string, CsvRow>();
  for (const row of readCsv(resolve(dir, 'agribalyse-31-detail-par-etape.csv'))) details.set(agribalyseCode(row['Code AGB'] ?? ''), row);
  const rows = new Map<string, AgribalyseRow>();
  for (const row of readCsv(resolve(dir, 'agribalyse-31-synthese.csv'))) {
    const code = agribalyseCode(row['Code AGB'] ?? '');
    const detail = details.get(code);
    if (!detail) throw new Error(`Agribalyse code ${code} has no detail row`);
    const stages = Object.fromEntries(
      STAGES.map((stage) => [stage, Number(detail[`Changement climatique - ${STAGE_COLUMNS[stage]}`])]),
    ) as Record<Stage, number>;
    rows.set(code, {
      code,
      name: row['LCI Name'] ?? '',
      subgroup: row["Sous-groupe d'aliment"] ?? '',
      total: Number(row['Changement climatique']),
      stages,
      dqr: Number(row.DQR),
    });
  }
  return rows;
}

export interface Sources {
  agribalyse: Map<string, AgribalyseRow>;
  finnish: CsvRow[];
  literature: CsvRow[];
  owid: CsvRow[];
}

/** Every source, read from `sharedDir` (../shared/data) and data/literature-values.csv. */
export function loadSources(sharedDir: string): Sources {
  const factorsDir = resolve(sharedDir, 'emission-factors');
  return {
    agribalyse: loadAgribalyse(factorsDir),
    finnish: readCsv(resolve(factorsDir, 'finnish-literature-values.csv')),
    literature: readCsv(resolve(REPO_ROOT, 'data/literature-values.csv')),
    owid: readCsv(resolve(factorsDir, 'owid-poore-nemecek-2018/poore-nemecek-2018-environmental-impacts-of-food.csv')),
  };
}

/** One number from one source, with what it is. */
export interface Figure {
  value: number;
  /** Citation: dataset, code or row, name, basis and URL. */
  source: string;
  dataset: string;
  /** The system boundary as the source states it ('' when it states none). */
  boundary: string;
}

export interface Reference {
  dataset: string;
  ref: string;
  pick: string;
}

function fromAgribalyse(ref: string, pick: string, agribalyse: Map<string, AgribalyseRow>): Figure {
  const parts = ref.split('+').map((part) => {
    const [code, share] = part.split(':');
    const row = agribalyse.get(agribalyseCode(code ?? ''));
    if (!row) throw new Error(`Agribalyse code ${code} not found`);
    return { row, share: share === undefined ? 1 : Number(share) };
  });
  const shares = parts.reduce((sum, part) => sum + part.share, 0);
  if (Math.abs(shares - 1) > 0.011) throw new Error(`Blend ${ref} shares add up to ${shares}, not 1`);
  const stage = pick === '' ? null : (STAGES as readonly string[]).includes(pick) ? (pick as Stage) : undefined;
  if (stage === undefined) throw new Error(`Agribalyse ${ref}: unknown stage "${pick}"`);
  const valueOf = (row: AgribalyseRow): number => (stage === null ? toRetail(row) : row.stages[stage]);
  const value = parts.reduce((sum, { row, share }) => sum + share * valueOf(row), 0);
  const named = parts
    .map(({ row, share }) => `#${row.code} ${row.name}${parts.length > 1 ? ` × ${share}` : ''}`)
    .join(' + ');
  return {
    value,
    source: `Agribalyse 3.1 ${named}${stage ? `, ${stage} stage only` : ''}`,
    dataset: 'Agribalyse 3.1',
    boundary: stage ? `${stage} stage` : 'cradle to retail',
  };
}

// Some rows give their boundary as "as above" or "as for herring": follow the reference.
function literatureBoundary(rows: CsvRow[], index: number): string {
  const boundary = rows[index]?.system_boundary ?? '';
  const match = /^as (above|for (.+))$/i.exec(boundary.trim());
  if (!match) return boundary;
  const target = match[2]
    ? rows.findIndex((r) => (r.item ?? '').toLowerCase().includes((match[2] ?? '').toLowerCase()))
    : index - 1;
  return target >= 0 && target !== index ? literatureBoundary(rows, target) : boundary;
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

/** The row a reference names: its item, and ` [2]` for the second row of the same item. */
function literatureRow(ref: string, rows: CsvRow[]): number {
  const [, item = ref, nth = '1'] = /^(.*?)(?: \[(\d+)\])?$/.exec(ref) ?? [];
  const matches = rows.flatMap((row, index) => (row.item === item ? [index] : []));
  return matches[Number(nth) - 1] ?? -1;
}

function fromLiterature(ref: string, pick: string, rows: CsvRow[], dataset: string): Figure {
  const index = literatureRow(ref, rows);
  const row = rows[index];
  if (!row) throw new Error(`${dataset} value "${ref}" not found`);
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
    if (!prints(row.notes ?? '', figure, product)) throw new Error(`The notes of the ${dataset} row "${ref}" do not quote ${product} ${figure}`);
    value = Number(figure);
    cited = `${product} ${figure} (in the notes of the ${shortItem(ref)} row)`;
  } else {
    value = Number(pick);
    const { notes = '', ...fields } = row;
    if (!prints(Object.values(fields).join(' '), pick)) {
      // A figure only the notes quote is usually another product's (perch in the vendace row): say which.
      const hint = prints(notes, pick) ? `; it is only in the notes: write the product it measures, "${pick} <product>"` : '';
      throw new Error(`Value ${pick} is not printed in the ${dataset} row "${ref}"${hint}`);
    }
    cited = `${ref}, value ${pick} quoted in the row`;
  }
  const who = row.who ?? '';
  const year = row.year && row.year !== 'not stated' && !who.includes(row.year) ? ` (${row.year})` : '';
  return {
    value,
    source: `${who}${year}: ${cited}, ${row.unit_and_basis} — ${row.url}`,
    dataset,
    boundary: literatureBoundary(rows, index),
  };
}

function fromOwid(ref: string, rows: CsvRow[]): Figure {
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

/** The number a reference names, with its citation. */
export function resolveFigure({ dataset, ref, pick }: Reference, sources: Sources): Figure {
  if (dataset === 'agribalyse') return fromAgribalyse(ref, pick, sources.agribalyse);
  if (dataset === 'finnish') return fromLiterature(ref, pick, sources.finnish, 'Finnish literature');
  if (dataset === 'literature') return fromLiterature(ref, pick, sources.literature, 'Published literature');
  if (dataset === 'owid') return fromOwid(ref, sources.owid);
  if (dataset === 'nonfood') return { value: 0, source: 'Not food: no food emissions counted', dataset: 'none', boundary: '' };
  throw new Error(`unknown dataset "${dataset}"`);
}
