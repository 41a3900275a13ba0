// Builds the UMD bundle alone, unminified, with the project's own rollup config, and writes it to
// the file named on the command line: `node test/widget/support/build-umd.ts <file>`. The config
// reads RECEIPT_CALCULATOR_* variables as it loads, so a test runs this in a child process with
// the variables it wants to check.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { loadConfigFile } from 'rollup/loadConfigFile';

const [outFile] = process.argv.slice(2);
if (!outFile) throw new Error('Usage: node test/widget/support/build-umd.ts <output file>');

const CONFIG = fileURLToPath(new URL('../../../rollup.config.mjs', import.meta.url));
const { options } = await loadConfigFile(CONFIG, { silent: true });
const [config] = options;
const umd = config?.output.find((output) => output.format === 'umd');
if (!config || !umd) throw new Error('rollup.config.mjs has no UMD output.');

const bundle = await rollup(config);
try {
  const { output } = await bundle.generate(umd);
  writeFileSync(outFile, output[0].code);
} finally {
  await bundle.close();
}
