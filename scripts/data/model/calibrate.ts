// The model's confidence, calibrated on answers held out by source (cross-validate.ts), never on
// the locked fold: first a temperature that makes its probabilities honest on names of a list it
// never saw, then a smooth curve of how often an answer of each probability is right, then the
// thresholds on that curve. `high` is the lowest probability from which the answers are right at
// least HIGH_TARGET of the time by the curve; `medium` the lowest from which those under `high`
// are right at least MEDIUM_TARGET of the time. Counting the answers' own rights and wrongs
// instead, a band's edge sat wherever the count happened to cross its target, and a model trained
// on a few names more moved `medium` from 0.62 to 0.44. The targets sit a little above the promise (high ≥ 97 %,
// medium ≥ 85 % on names never seen): the lexicon, one of the model's features, was written reading
// these lists, so even held out by source they are easier than names from elsewhere.
import { CATEGORY_NAMES } from '../../../src/contract.ts';
import type { OutOfPart } from './cross-validate.ts';

export const HIGH_TARGET = 0.99;
export const MEDIUM_TARGET = 0.87;
/** A band is chosen on at least this many answers, so one lucky name cannot set it. */
const MIN_ANSWERS = 30;

const round = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * How often an answer of probability p is right, as a smooth curve fitted to the answers:
 * sigmoid(a + b·logit(p)), by Newton's method on the log-likelihood. Two numbers drawn from
 * thousands of answers, so a few answers more or less move it a little.
 */
export function fitReliability(answers: readonly { probability: number; right: boolean }[]): (p: number) => number {
  const logit = (p: number): number => {
    const q = Math.min(Math.max(p, 1e-6), 1 - 1e-6);
    return Math.log(q / (1 - q));
  };
  const xs = answers.map((answer) => logit(answer.probability));
  const ys = answers.map((answer) => (answer.right ? 1 : 0));
  let a = 0;
  let b = 1;
  for (let iteration = 0; iteration < 50; iteration++) {
    let ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
    xs.forEach((x, i) => {
      const p = 1 / (1 + Math.exp(-(a + b * x)));
      const r = (ys[i] as number) - p;
      const w = p * (1 - p);
      ga += r;
      gb += r * x;
      haa += w;
      hab += w * x;
      hbb += w * x * x;
    });
    const det = haa * hbb - hab * hab;
    if (det <= 0) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a += da;
    b += db;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  return (p) => 1 / (1 + Math.exp(-(a + b * logit(p))));
}

/**
 * The lowest threshold t (among the answers' probabilities, best first) such that the answers
 * from t up to the band's top are right at least `target` of the time by the fitted curve
 * (`fitReliability`): each answer counts what the curve says of its probability, not whether it
 * happened to be right, so a band's edge does not swing with the few answers near it.
 */
function lowestSmoothThreshold(sorted: readonly OutOfPart[], reliability: (p: number) => number, target: number): number | null {
  let expected = 0;
  let chosen: number | null = null;
  sorted.forEach((answer, i) => {
    expected += reliability(answer.probability);
    const next = sorted[i + 1];
    if (next && next.probability === answer.probability) return;
    if (i + 1 >= MIN_ANSWERS && expected / (i + 1) >= target) chosen = answer.probability;
  });
  return chosen;
}

/** Probabilities at temperature t from those at 1: p_c^(1/t), normalised. */
function atTemperature(probabilities: readonly number[], t: number): number[] {
  const powered = probabilities.map((p) => Math.max(p, 1e-300) ** (1 / t));
  const sum = powered.reduce((a, b) => a + b, 0);
  return powered.map((p) => p / sum);
}

/** The temperature (0.5 to 5, in steps of 0.05) under which the answers' log-likelihood of their true category is highest. */
export function fitTemperature(answers: readonly OutOfPart[]): number {
  const scored = answers.filter((answer) => answer.probabilities.length > 0);
  let best = 1;
  let bestLoss = Infinity;
  for (let step = 10; step <= 100; step++) {
    const t = step / 20;
    let loss = 0;
    for (const answer of scored) {
      const p = atTemperature(answer.probabilities, t)[CATEGORY_NAMES.indexOf(answer.category)] ?? 0;
      loss -= Math.log(Math.max(p, 1e-12));
    }
    if (loss < bestLoss) {
      bestLoss = loss;
      best = t;
    }
  }
  return best;
}

export interface Thresholds {
  temperature: number;
  thresholds: { high: number; medium: number };
  calibration: Record<string, number | string>;
}

export function chooseThresholds(raw: readonly OutOfPart[]): Thresholds {
  const temperature = fitTemperature(raw);
  const answers = raw.map((answer) =>
    answer.rule ? answer : { ...answer, probability: Math.max(...atTemperature(answer.probabilities, temperature)) },
  );
  const modelAnswers = answers.filter((answer) => !answer.rule).sort((a, b) => b.probability - a.probability);
  const reliability = fitReliability(modelAnswers.map((answer) => ({ probability: answer.probability, right: answer.predicted === answer.category })));
  const high = round(lowestSmoothThreshold(modelAnswers, reliability, HIGH_TARGET) ?? 1);
  const below = modelAnswers.filter((answer) => round(answer.probability) < high);
  const medium = Math.min(high, round(lowestSmoothThreshold(below, reliability, MEDIUM_TARGET) ?? high));
  const share = (from: number, to: number): [number, number] => {
    const band = modelAnswers.filter((answer) => answer.probability >= from && answer.probability < to);
    return [band.length, band.length === 0 ? 0 : band.filter((answer) => answer.predicted === answer.category).length / band.length];
  };
  const [highNames, highAccuracy] = share(high, Infinity);
  const [mediumNames, mediumAccuracy] = share(medium, high);
  // An uncertain line's guess is the lexicon's reading when it has one (classify.ts).
  const low = modelAnswers.filter((answer) => answer.probability < medium);
  const guessRight = low.filter((answer) => (answer.lexicon ?? answer.predicted) === answer.category).length;
  const modelRight = low.filter((answer) => answer.predicted === answer.category).length;
  const r4 = (x: number): number => Math.round(x * 10000) / 10000;
  return {
    temperature,
    thresholds: { high, medium },
    calibration: {
      method: `held out by source, outside the locked fold, ${answers.length} names; temperature by log-likelihood; a logistic curve of right answers against probability; high from the lowest probability its band is right >= ${HIGH_TARGET} by the curve, medium >= ${MEDIUM_TARGET}`,
      highNames,
      highAccuracy: r4(highAccuracy),
      mediumNames,
      mediumAccuracy: r4(mediumAccuracy),
      lowNames: low.length,
      lowAccuracy: r4(low.length === 0 ? 0 : guessRight / low.length),
      lowModelAccuracy: r4(low.length === 0 ? 0 : modelRight / low.length),
      ruleNames: answers.length - modelAnswers.length,
    },
  };
}
