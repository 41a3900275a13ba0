// `npm run build:model`: trains the category model from the names of scripts/data/model/sources.ts
// and writes data/category-model.json. Deterministic: the same data give the same file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allTrainingNames, REPO } from './model/sources.ts';
import { trainModel } from './model/train.ts';

const samples = allTrainingNames();
const model = trainModel(samples);
const path = join(REPO, 'data/category-model.json');
writeFileSync(path, `${JSON.stringify(model, null, 1)}\n`);
const kb = (Buffer.byteLength(JSON.stringify(model)) / 1024).toFixed(0);
console.log(`data/category-model.json: ${samples.length} names, ${kb} KB`);
for (const [source, count] of Object.entries(model.trainedOn)) console.log(`  ${source.padEnd(28)} ${count}`);
