// `node scripts/hostile/generate.ts [folder] [--only name,…]`: writes the hostile-file suite
// (kinds.ts) to a folder (default: a new one under the system's temporary folder) and prints
// what each file is. The files are never committed; tests and benches make them in memory.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { HOSTILE_KINDS } from './kinds.ts';

const EXTENSIONS: Record<string, string> = { pdf: 'pdf', png: 'png', jpeg: 'jpg', svg: 'svg', heic: 'heic' };

const { values, positionals } = parseArgs({ allowPositionals: true, options: { only: { type: 'string' } } });
const only = values.only ? new Set(values.only.split(',')) : null;
const folder = positionals[0] ?? (await mkdtemp(join(tmpdir(), 'hostile-files-')));
await mkdir(folder, { recursive: true });
for (const kind of HOSTILE_KINDS) {
  if (only && !only.has(kind.name)) continue;
  const bytes = await kind.build();
  const file = join(folder, `${kind.name}.${EXTENSIONS[kind.name.split('-')[0] ?? ''] ?? 'bin'}`);
  await writeFile(file, bytes);
  console.log(`${file}  ${(bytes.length / 1024).toFixed(0)} KiB  ${kind.what}  → ${kind.expected.status} ${kind.expected.code}`);
}
