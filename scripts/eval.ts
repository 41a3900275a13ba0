// `npm run eval`: accuracy of the real pipeline on labelled receipt corpora and of the
// classifier on a product list. A report: exits 0 unless --check finds a metric under its floor.
// Usage and metric definitions: scripts/eval/README.md.
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { INPUT_KINDS, loadCorpus, robustnessFiles, type InputKind } from './eval/corpus.ts';
import { checkFloors, FLOORS } from './eval/floors.ts';
import { createRecalculator } from './eval/footprint.ts';
import { inLockedFold } from './data/model/fold.ts';
import { categoryReport } from './eval/categories-main.ts';
import { factorChangeReport } from './eval/factor-change.ts';
import { evaluateProducts, readProducts } from './eval/products.ts';
import { fileTable, itemDetails, kindTable, partTable, productTables, readingTable, robustnessTable, summariesByKind } from './eval/report.ts';
import { createEvalPipeline, describeRereads, runEntries, runRobustness, type RereadSetting } from './eval/run.ts';
import { percent } from './eval/table.ts';
import { CONTROL, readsAsTwin, runTurned, TILTS, TURNED_AS, TURNS, turnable, turnedMisses, turnedTable, turnedWays, type Turn, type TurnedAs } from './eval/turned.ts';
import { FIXTURE_RECEIPTS as FIXTURES, SHARED_PRODUCTS, SHARED_RECEIPTS } from './paths.ts';

const USAGE = `Usage: npm run eval -- [corpus-dir ...] [options]

  corpus-dir         labelled corpus folders (labels/*.json beside the files they name);
                     default: ../shared/data/receipts when present, else the committed fixtures
  --fixtures         also run the committed corpus test/fixtures/receipts
  --kind k1,k2       only these inputs: ${INPUT_KINDS.join(', ')}
  --products FILE    product list for the classifier table (default ../shared/data/products/products.csv)
  --no-products      skip the classifier table
  --verbose          one row per receipt file
  --no-time-limit    read every photo that does not add up again in full (deterministic, the
                     reader's capability); default: the product's budget of OCR work, as visitors get it
  --openai           keep OPENAI_API_KEY (default: measure the offline reader)
  --check            exit 1 when a metric is under its floor (scripts/eval/floors.ts)
  --turned           instead of the tables per input kind: every photo and one-page scan turned
                     90, 180 and 270 degrees (no orientation metadata), as an image and as the
                     two kinds of scanner app PDF, read beside its upright twin and the file itself;
                     with --check, exit 1 when a turned input does not read as its twin
                     (scripts/eval/turned.ts)
  --turns 90,270     only these turns (with --turned); tilts too (${TILTS.join(', ')}), as --turns=-15,15;
                     0: a control, each scan PDF's picture upright in a JPEG of another quality
  --tilt-control     with tilts: also each photo tilted and turned back by the same angle (a
                     control: upright print, resampled twice as a tilted and levelled one is)
  --turned-as image  only as images, or only as PDFs of the picture taken turned (pdf) or of the
                     upright picture drawn turned (pdf-drawn) (with --turned)
  --factor-change    only the labelled receipts' totals with today's and the baseline factor table
                     (seconds; the full report prints them too)
  --help`;

interface Options {
  corpora: string[];
  kinds: Set<InputKind>;
  products: string | null;
  verbose: boolean;
  openai: boolean;
  rereads: RereadSetting;
  check: boolean;
  turned: { turns: Turn[]; as: TurnedAs[]; tiltControl: boolean } | null;
  factorChangeOnly: boolean;
}

function parseOptions(argv: string[]): Options {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      fixtures: { type: 'boolean', default: false },
      kind: { type: 'string' },
      products: { type: 'string' },
      'no-products': { type: 'boolean', default: false },
      verbose: { type: 'boolean', short: 'v', default: false },
      openai: { type: 'boolean', default: false },
      'no-time-limit': { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      turned: { type: 'boolean', default: false },
      turns: { type: 'string' },
      'turned-as': { type: 'string' },
      'tilt-control': { type: 'boolean', default: false },
      'factor-change': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const corpora = positionals.map((p) => resolve(p));
  if (corpora.length === 0) corpora.push(existsSync(SHARED_RECEIPTS) ? SHARED_RECEIPTS : FIXTURES);
  if (values.fixtures && !corpora.includes(FIXTURES)) corpora.push(FIXTURES);
  const kinds = new Set<InputKind>();
  for (const kind of (values.kind ?? INPUT_KINDS.join(',')).split(',').map((k) => k.trim())) {
    if (!(INPUT_KINDS as readonly string[]).includes(kind)) throw new Error(`Unknown --kind ${kind}; one of ${INPUT_KINDS.join(', ')}`);
    kinds.add(kind as InputKind);
  }
  const productsPath = values['no-products'] ? null : resolve(values.products ?? SHARED_PRODUCTS);
  return {
    corpora,
    kinds,
    products: productsPath && existsSync(productsPath) ? productsPath : null,
    verbose: values.verbose,
    openai: values.openai,
    rereads: values['no-time-limit'] ? 'unlimited' : 'production',
    check: values.check,
    turned: values.turned ? { turns: listOption(values.turns, [CONTROL, ...TURNS, ...TILTS], 'turns', TURNS).map(Number) as Turn[], as: listOption(values['turned-as'], TURNED_AS, 'turned-as') as TurnedAs[], tiltControl: values['tilt-control'] } : null,
    factorChangeOnly: values['factor-change'],
  };
}

/** A comma-separated option's values, each one of `allowed` (`byDefault`, else all of them, when the option is absent). */
function listOption(value: string | undefined, allowed: readonly (string | number)[], name: string, byDefault = allowed): string[] {
  const names = allowed.map(String);
  const chosen = (value ?? byDefault.join(',')).split(',').map((part) => part.trim());
  for (const part of chosen) if (!names.includes(part)) throw new Error(`Unknown --${name} ${part}; one of ${names.join(', ')}`);
  return chosen;
}

async function reportTurned(pipeline: ReturnType<typeof createEvalPipeline>, corpus: string, options: Options, turned: NonNullable<Options['turned']>): Promise<number> {
  const entries = await turnable(loadCorpus(corpus).filter((e) => options.kinds.has(e.kind)));
  const total = entries.length * turned.as.reduce((sum, as) => sum + turnedWays(turned.turns, as, turned.tiltControl).length, 0);
  console.log(`\n== Turned: ${label(corpus)} (${entries.length} photos and scans, ${total} turned inputs, each beside its upright twin)`);
  console.log(describeRereads(options.rereads));
  let done = 0;
  const progress = process.stderr.isTTY ? () => process.stderr.write(`\r  ${++done}/${total}`) : () => {};
  const results = await runTurned(pipeline, entries, turned, progress);
  if (process.stderr.isTTY) process.stderr.write(`\r${' '.repeat(24)}\r`);
  console.log(turnedTable(results));
  const misses = turnedMisses(results);
  if (misses) console.log(`\nNot read as the upright twin (item F1 more than 0.02 below it, another total, or refused):\n${misses}`);
  // The controls measure the JPEG's noise and the resampling's, not the reader.
  return results.filter((r) => r.turn !== CONTROL && !r.back && !readsAsTwin(r)).length;
}

function label(path: string): string {
  return relative(process.cwd(), path) || '.';
}

/** The labelled receipts' totals, today's factor table against the baseline (eval/factor-change.ts). */
function printFactorChange(options: Options): void {
  for (const corpus of options.corpora) {
    console.log(`\n== Factor change: ${label(corpus)}, labelled items' totals with the baseline table (scripts/eval/baseline) and today's`);
    console.log(factorChangeReport([resolve(corpus, 'labels')], { verbose: options.verbose }));
  }
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options.factorChangeOnly) {
    printFactorChange(options);
    return 0;
  }
  const pipeline = createEvalPipeline(process.env, { withOpenAi: options.openai, rereads: options.rereads });
  const recalculator = await createRecalculator();
  let belowFloor = 0;
  try {
    await pipeline.ready();
    for (const corpus of options.corpora) {
      if (options.turned) {
        const misses = await reportTurned(pipeline, corpus, options, options.turned);
        if (options.check) belowFloor += misses;
        continue;
      }
      const entries = loadCorpus(corpus).filter((e) => options.kinds.has(e.kind));
      console.log(`\n== Receipts: ${label(corpus)} (${entries.length} inputs)`);
      console.log(describeRereads(options.rereads));
      // Progress only on a terminal, so piped reports stay clean.
      const progress = process.stderr.isTTY ? (i: number) => process.stderr.write(`\r  ${i + 1}/${entries.length}`) : () => {};
      const results = await runEntries(pipeline, entries, (_r, i) => progress(i), recalculator);
      if (process.stderr.isTTY) process.stderr.write(`\r${' '.repeat(24)}\r`);
      const summaries = summariesByKind(results);
      console.log(kindTable(summaries));
      console.log(`\nThe open part beside the locked fold (a quarter, by a hash of each label's name: eval/receipt-fold.ts)\n${partTable(results)}`);
      const reading = readingTable(results);
      if (reading) console.log(`\nReading (text passes of each file, and texts parsed: each pass once)\n${reading}`);
      if (options.verbose) console.log(`\n${fileTable(results)}\n\n${itemDetails(results)}`);
      const robustness = await runRobustness(pipeline, robustnessFiles(corpus));
      if (robustness.length > 0) {
        const crashed = robustness.filter((r) => r.crashed).length;
        console.log(`\nRobustness (unlabelled other-language receipts): ${crashed === 0 ? 'no crash' : `${crashed} CRASHED`}`);
        console.log(robustnessTable(robustness));
      }
      if (options.check) {
        const failures = checkFloors(summaries, FLOORS);
        belowFloor += failures.length + robustness.filter((r) => r.crashed).length;
        for (const f of failures) console.log(`BELOW FLOOR ${f.kind} ${f.metric}: ${percent(f.measured)} < ${percent(f.floor)}`);
      }
    }
  } finally {
    await pipeline.close();
    await recalculator.close();
  }
  // --turned reads the corpora turned instead of the tables per input kind, and the tables after them.
  if (options.turned) return options.check && belowFloor > 0 ? 1 : 0;
  printFactorChange(options);
  if (options.products) {
    // The locked fold is only ever reported in aggregate, in the tables after this one.
    const rows = readProducts(options.products).filter((row) => !inLockedFold(row.name));
    console.log(`\n== Categories: ${label(options.products)}, outside the locked fold (${rows.length} products)`);
    console.log(productTables(evaluateProducts(rows)));
    console.log(`\n== Categories: the locked fold, in-sample and held out by source (scripts/eval/categories.ts)\n${categoryReport()}`);
  }
  return options.check && belowFloor > 0 ? 1 : 0;
}

process.exitCode = await main();
