// `npm run bench:size`: bundle sizes of the widget. Run after `npm run build` (the npm script
// does both). The dist files are minified; for the unminified figure this script builds once
// more without terser into a temporary folder. Budget: UMD under 100 KB gzip with every
// catalogue (en, fi, sv), also held by test/widget/build/bundle.test.ts; My receipts' body is a
// file of its own, fetched only when that view first opens, and not part of the first load. Minified alone,
// react-dom 18.3's client is about 42 KB gzip (19.3's about 64 KB) and styled-components about 8 KB.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { messagesFor } from '../src/widget/i18n/index.ts';
import { LOCALES } from '../src/widget/i18n/locale.ts';

/** The first load (UMD or ES module), then My receipts' body, loaded when that view first opens. */
const BUNDLES = ['receipt-calculator.umd.js', 'receipt-calculator.esm.js', 'receipt-calculator.my-receipts.js', 'receipt-calculator.my-receipts.esm.js'];
const UMD_GZIP_BUDGET_BYTES = 100_000;

function unminifiedBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'receipt-calculator-size-'));
  const result = spawnSync('npx', ['rollup', '-c', '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, RECEIPT_CALCULATOR_MINIFY: '0', RECEIPT_CALCULATOR_OUT_DIR: dir },
  });
  if (result.status !== 0) throw new Error('The unminified build failed.');
  return dir;
}

const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;

const unminifiedDir = unminifiedBuild();
try {
  const rows = BUNDLES.map((name) => {
    const minified = readFileSync(join('dist', name));
    return {
      bundle: name,
      unminified: readFileSync(join(unminifiedDir, name)).length,
      minified: minified.length,
      gzip: gzipSync(minified, { level: 9 }).length,
      brotli: brotliCompressSync(minified, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });

  const header = ['bundle', 'unminified', 'minified', 'gzip -9', 'brotli 11'];
  const lines = rows.map((row) => [row.bundle, kb(row.unminified), kb(row.minified), kb(row.gzip), kb(row.brotli)]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  console.log(format(header));
  console.log(`| ${widths.map((width, i) => (i === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`);
  for (const line of lines) console.log(format(line));
  console.log('\n(1 KB = 1,000 bytes; exact bytes below.)');
  for (const row of rows) {
    console.log(`${row.bundle}: unminified ${row.unminified}, minified ${row.minified}, gzip ${row.gzip}, brotli ${row.brotli}`);
  }

  // What each language's strings weigh on their own (views and the backend's coded sentences).
  console.log(
    `\nCatalogues (JSON, gzip -9 alone): ${LOCALES.map((locale) => `${locale} ${kb(gzipSync(JSON.stringify(messagesFor(locale)), { level: 9 }).length)}`).join(', ')}`,
  );

  const umd = rows[0]!;
  const within = umd.gzip < UMD_GZIP_BUDGET_BYTES;
  console.log(
    `\nBudget: UMD gzip ${kb(umd.gzip)} ${within ? '<' : '>='} ${kb(UMD_GZIP_BUDGET_BYTES)}: ${within ? 'within budget' : 'OVER BUDGET'}`,
  );
  if (!within) process.exitCode = 1;
} finally {
  rmSync(unminifiedDir, { recursive: true, force: true });
}
