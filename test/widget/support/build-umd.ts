// Builds the widget, unminified, with the project's own rollup config (every step: the ES modules,
// then the UMD bundle and My receipts' script made from them) into the folder
// RECEIPT_CALCULATOR_OUT_DIR names, and copies the UMD bundle to the file named on the command
// line: `node test/widget/support/build-umd.ts <file>`. The config reads RECEIPT_CALCULATOR_*
// variables as it loads, so a test runs this in a child process with the variables it wants to check.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { loadConfigFile } from 'rollup/loadConfigFile';

const [outFile] = process.argv.slice(2);
const outDir = process.env.RECEIPT_CALCULATOR_OUT_DIR;
if (!outFile || !outDir) throw new Error('Usage: RECEIPT_CALCULATOR_OUT_DIR=<folder> node test/widget/support/build-umd.ts <output file>');

const CONFIG = fileURLToPath(new URL('../../../rollup.config.mjs', import.meta.url));
const { options } = await loadConfigFile(CONFIG, { silent: true });
// In order: each step reads what the one before wrote.
for (const config of options) {
  const bundle = await rollup(config);
  try {
    for (const output of config.output) await bundle.write(output);
  } finally {
    await bundle.close();
  }
}
const umd = join(outDir, 'receipt-calculator.umd.js');
if (umd !== outFile) copyFileSync(umd, outFile);
