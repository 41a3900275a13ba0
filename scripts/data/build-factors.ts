// Builds data/emission-factors.csv (value, range and citation per product key) from
// data/factor-sources.csv, data/factor-comparisons.csv and the shared source datasets, so every
// committed number can be reproduced and traced to its source row. `npm run factors:compare`
// prints how each value compares with the other sources.
//
//   node scripts/data/build-factors.ts [shared-data-dir]     (default ../shared/data)
//
// The sources and how a reference names a number: scripts/data/factors/sources.ts; how values and
// ranges are made: scripts/data/factors/table.ts and data/README.md.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT as repoRoot, SHARED_DATA } from '../paths.ts';
import { loadSources } from './factors/sources.ts';
import { sourcedFactors } from './factors/table.ts';

export const FACTOR_COLUMNS = [
  'key',
  'kg_co2e_per_kg',
  'low',
  'high',
  'quality',
  'dataset',
  'boundary',
  'factor_source',
  'range_basis',
  'note',
  'why_differs',
] as const;

/** The factor table's rows (header first), rebuilt from the shared source files in `sharedDir`. */
export function buildFactorRows(sharedDir: string): string[][] {
  const rows = sourcedFactors({ sources: loadSources(sharedDir) });
  const out: string[][] = [[...FACTOR_COLUMNS]];
  for (const row of rows) {
    const { figure } = row;
    const known = figure.boundary && !/^not stated/i.test(figure.boundary);
    const source = known ? `${figure.source} (${figure.boundary})` : figure.source;
    out.push([
      row.key,
      String(row.value),
      String(row.low),
      String(row.high),
      row.quality,
      figure.dataset,
      figure.boundary,
      source,
      row.rangeBasis,
      row.note,
      row.whyDiffers,
    ]);
  }
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
  console.log('Compare them with the other sources: npm run factors:compare');
}
