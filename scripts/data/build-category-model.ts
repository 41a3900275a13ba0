// `npm run build:model`: trains the category model from the names of scripts/data/model/sources.ts
// (never the locked fold), chooses its confidence thresholds by cross-validation on those names
// (model/calibrate.ts), and writes data/category-model.json. Deterministic: the same data give the
// same bytes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chooseThresholds } from './model/calibrate.ts';
import { crossValidate } from './model/cross-validate.ts';
import { allTrainingNames, REPO } from './model/sources.ts';
import { trainModel } from './model/train.ts';

const started = performance.now();
const samples = allTrainingNames();
const { temperature, thresholds, calibration } = chooseThresholds(crossValidate(samples));
const model = trainModel(samples, { temperature, thresholds, calibration });
const path = join(REPO, 'data/category-model.json');
const text = `${JSON.stringify(model, null, 1)}\n`;
writeFileSync(path, text);
console.log(`data/category-model.json: ${samples.length} names, ${(Buffer.byteLength(text) / 1024).toFixed(0)} KB, ${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log(`temperature ${temperature}; thresholds: high from ${thresholds.high}, medium from ${thresholds.medium}`);
for (const [key, value] of Object.entries(calibration)) console.log(`  ${key.padEnd(14)} ${value}`);
for (const [source, count] of Object.entries(model.trainedOn)) console.log(`  ${source.padEnd(28)} ${count}`);
