// `npm run factors:compare`: every factor beside the other sources' figures for the same product
// (Agribalyse's related rows and stages, the Finnish literature, Poore & Nemecek via OWID), the
// closest one and how far the value is from it. A value more than 1.6× away must say why in
// data/factor-sources.csv (`why_differs`). Run it whenever a factor changes.
//
//   npm run factors:compare                    one row per product key
//   npm run factors:compare -- --over          only the rows more than 1.6× from their closest comparison
//   npm run factors:compare -- --key pork      every comparison of one key (repeatable, or comma-separated)
//   npm run factors:compare -- --check         exit 1 when a row is uncompared or unexplained
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatTable, type Cell } from '../eval/table.ts';
import { SHARED_DATA } from '../paths.ts';
import { loadSources } from './factors/sources.ts';
import { sourcedFactors, NOTE_RATIO, uncompared, unexplained, type Comparison, type FactorRow } from './factors/table.ts';

const cite = (comparison: Comparison, width = 64): string => {
  const text = `${comparison.role === 'range' ? '[range] ' : ''}${comparison.figure.source.split(' — ')[0]}${comparison.basis ? ` (${comparison.basis})` : ''}`;
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
};

function summaryTable(rows: readonly FactorRow[]): string {
  const body: Cell[][] = rows.map((row) => [
    row.key,
    row.value,
    `${row.low}–${row.high}`,
    row.quality,
    row.best ? cite(row.best.comparison) : '(none)',
    row.best ? Number(row.best.comparison.figure.value.toFixed(3)) : null,
    row.best ? `${row.best.ratio.toFixed(2)}×` : null,
    row.comparisons.length,
    row.best && row.best.ratio > NOTE_RATIO ? (row.whyDiffers ? row.whyDiffers.split(':')[0] ?? '' : 'NO NOTE') : '',
  ]);
  return formatTable(['key', 'value', 'range', 'quality', 'closest comparison', 'its value', 'ratio', 'n', 'why'], body, { leftColumns: 1 });
}

function detail(row: FactorRow): string {
  const lines = [
    `${row.key}: ${row.value} kg CO2e/kg (${row.low}–${row.high}), ${row.quality}`,
    `  value: ${row.figure.source}`,
    `  range: ${row.rangeBasis}`,
    ...(row.note ? [`  note: ${row.note}`] : []),
    ...(row.whyDiffers ? [`  why it differs: ${row.whyDiffers}`] : []),
  ];
  for (const comparison of row.comparisons) {
    const ratio = comparison.figure.value > 0 ? row.value / comparison.figure.value : Number.NaN;
    lines.push(`  ${comparison.figure.value.toFixed(3).padStart(8)}  ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '–'}  ${cite(comparison, 160)}`);
  }
  return lines.join('\n');
}

function main(): number {
  const { values } = parseArgs({
    options: {
      over: { type: 'boolean', default: false },
      key: { type: 'string', multiple: true },
      check: { type: 'boolean', default: false },
      shared: { type: 'string' },
    },
  });
  const rows = sourcedFactors({ sources: loadSources(resolve(values.shared ?? SHARED_DATA)) });
  const keys = new Set((values.key ?? []).flatMap((k) => k.split(',')).map((k) => k.trim()));
  if (keys.size > 0) {
    for (const row of rows.filter((r) => keys.has(r.key))) console.log(`${detail(row)}\n`);
  } else {
    const food = rows.filter((row) => row.quality !== 'none');
    const shown = values.over ? food.filter((row) => row.best !== null && row.best.ratio > NOTE_RATIO) : food;
    console.log(summaryTable(shown));
    const far = food.filter((row) => row.best !== null && row.best.ratio > NOTE_RATIO).length;
    console.log(
      `\n${food.length} food factors (${rows.length - food.length} not food, 0 kg); ${far} more than ${NOTE_RATIO}× from their closest comparison, each with its reason in factor-sources.csv (why_differs).`,
    );
    console.log('[range]: a comparison that sets the range (never the value). Every comparison of a key: --key <key>.');
  }
  const missing = uncompared(rows);
  const silent = unexplained(rows);
  for (const row of missing) console.log(`UNCOMPARED ${row.key}: add a comparison to data/factor-comparisons.csv`);
  for (const row of silent) console.log(`UNEXPLAINED ${row.key}: ${row.best?.ratio.toFixed(2)}× from its closest comparison; say why in data/factor-sources.csv`);
  return values.check && missing.length + silent.length > 0 ? 1 : 0;
}

process.exitCode = main();
