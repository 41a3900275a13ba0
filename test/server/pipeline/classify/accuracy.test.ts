// Floors on real labelled names: the 4,435 product names of the shared data and every item of the
// hand-labelled receipts. Skipped when ../shared/data is not there.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyName } from '../../../../src/server/pipeline/classify/classify.ts';
import { evaluateClassification, readProductNames, readReceiptLabelItems } from '../../../../scripts/data/classify-eval.ts';
import { SHARED_DATA, sharedDataPresent } from '../../../../scripts/paths.ts';

const sharedData = SHARED_DATA;
const classify = (name: string, cues = {}) => classifyName(name, cues).category;

describe.skipIf(!sharedDataPresent(resolve(sharedData, 'products'), 'classification floors on the shared product names'))('classification accuracy on the shared data', () => {
  it('classifies at least 92% of the product names into the labelled category', () => {
    const report = evaluateClassification(readProductNames(sharedData), classify);
    expect(report.total).toBeGreaterThan(4000);
    expect(report.accuracy).toBeGreaterThanOrEqual(0.92);
    // No category may be left far behind the overall figure.
    for (const score of report.perCategory) {
      if (score.total >= 50) expect(score.accuracy, score.category).toBeGreaterThanOrEqual(0.85);
    }
  });

  it('classifies at least 92% of the items of the labelled receipts', () => {
    const report = evaluateClassification(readReceiptLabelItems(sharedData), classify);
    expect(report.total).toBeGreaterThan(300);
    expect(report.accuracy).toBeGreaterThanOrEqual(0.92);
  });
});
