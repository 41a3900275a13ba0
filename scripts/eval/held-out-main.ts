// `node scripts/eval/held-out-main.ts`: the held-out category tables alone (npm run eval prints them too).
import { evaluateHeldOut, heldOutTables, receiptLabelTable } from './held-out.ts';

const started = performance.now();
console.log(heldOutTables(evaluateHeldOut()));
console.log('');
console.log(receiptLabelTable());
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
