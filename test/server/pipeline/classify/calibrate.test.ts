// The confidence bands are set on a fitted curve of how often each probability is right
// (scripts/data/model/calibrate.ts): the curve recovers a known reliability, the bands meet their
// targets by it, and another sample of the same kind of answers barely moves them.
import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES, type CategoryName } from '../../../../src/contract.ts';
import { chooseThresholds, fitReliability, HIGH_TARGET, MEDIUM_TARGET } from '../../../../scripts/data/model/calibrate.ts';
import type { OutOfPart } from '../../../../scripts/data/model/cross-validate.ts';
import { createRandom } from '../../../../scripts/fixtures/random.ts';

/** How often an answer of probability p is right in the made-up world: a little under p. */
const TRUE_RELIABILITY = (p: number): number => 1 / (1 + Math.exp(-(0.3 + 1.2 * Math.log(p / (1 - p)))));

/** `count` answers of the model (no rule), each right as often as `reliability` says of its probability. */
function answers(count: number, seed: number, reliability: (p: number) => number = TRUE_RELIABILITY): OutOfPart[] {
  const random = createRandom(seed);
  const [first, second] = CATEGORY_NAMES as readonly CategoryName[] as [CategoryName, CategoryName];
  return Array.from({ length: count }, (_, i) => {
    // Probabilities crowd near 1, as a model's answers do.
    const probability = 0.3 + 0.699 * Math.sqrt(random());
    const right = random() < reliability(probability);
    const rest = (1 - probability) / (CATEGORY_NAMES.length - 1);
    return {
      name: `name ${i}`,
      category: right ? first : second,
      source: 'test',
      predicted: first,
      probability,
      rule: false,
      probabilities: CATEGORY_NAMES.map((_, c) => (c === 0 ? probability : rest)),
      lexicon: null,
    };
  });
}

describe('the confidence calibration', () => {
  it('fits how often each probability is right', () => {
    const curve = fitReliability(answers(6000, 7).map((answer) => ({ probability: answer.probability, right: answer.category === answer.predicted })));
    for (const p of [0.5, 0.7, 0.9, 0.97]) expect(Math.abs(curve(p) - TRUE_RELIABILITY(p)), `at ${p}`).toBeLessThan(0.03);
  });

  it('sets the bands where the answers above them are right as often as promised', () => {
    const set = answers(4000, 11);
    const { thresholds, temperature } = chooseThresholds(set);
    expect(thresholds.medium).toBeLessThan(thresholds.high);
    // Counted on the answers themselves, at the chosen temperature, the bands land near their targets.
    const atT = (answer: OutOfPart): number => {
      const powered = answer.probabilities.map((p) => p ** (1 / temperature));
      return (powered[0] as number) / powered.reduce((a, b) => a + b, 0);
    };
    const band = (from: number, to: number): number => {
      const inBand = set.filter((answer) => atT(answer) >= from && atT(answer) < to);
      return inBand.filter((answer) => answer.category === answer.predicted).length / inBand.length;
    };
    expect(band(thresholds.high, Infinity)).toBeGreaterThan(HIGH_TARGET - 0.02);
    expect(band(thresholds.medium, thresholds.high)).toBeGreaterThan(MEDIUM_TARGET - 0.04);
  });

  it('barely moves between samples of the same kind of answers, where counting them would swing', () => {
    // As the held-out answers are: the near-sure right almost always, then a long stretch right a
    // little above the medium target, where the running count of right answers crosses its target
    // wherever the sample's luck puts it.
    const plateau = (p: number): number => (p >= 0.9 ? 0.995 : p >= 0.45 ? 0.88 : 0.6);
    const samples = [1, 2, 3, 4, 5, 6].map((seed) => chooseThresholds(answers(3500, seed, plateau)).thresholds);
    const spread = (values: number[]): number => Math.max(...values) - Math.min(...values);
    expect(spread(samples.map((t) => t.medium))).toBeLessThan(0.06);
    expect(spread(samples.map((t) => t.high))).toBeLessThan(0.01);
  });
});
