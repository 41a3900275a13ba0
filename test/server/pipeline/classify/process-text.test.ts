// The classifier's marks reach the visitor: POST /api/process-text answers non-food lines with
// 0 kg and `not_food`, baby food as Other, and unplaced lines as `uncertain`, counted in metadata.
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../../../src/contract.ts';
import { buildTestApp, type TestApp } from '../../../support/build-app.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

const RECEIPT = `K-Market Testikatu
Testikatu 1, 00100 Helsinki
KEVYTMAITO 1L          1,19
VARTA AA 4KPL          5,90
PORKKANASOSE 5KK       1,29
ZQRVOLK PLIMBAR        2,49
YHTEENSÄ              10,87
`;

describe('classification marks on the wire', () => {
  it('says which lines are not food and which items are uncertain', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'POST', url: '/api/process-text', payload: { text: RECEIPT } });
    expect(response.statusCode).toBe(200);
    const result = response.json<AnalysisResult>();
    const byName = new Map(result.items.map((item) => [item.name, item]));
    expect(byName.get('KEVYTMAITO 1L')).toMatchObject({ category: 'Dairy', confidence: 'high' });
    expect(byName.get('KEVYTMAITO 1L')?.uncertain).toBeUndefined();
    expect(byName.get('VARTA AA 4KPL')).toMatchObject({ category: 'Other', emissions: 0, not_food: true });
    expect(byName.get('PORKKANASOSE 5KK')).toMatchObject({ category: 'Other' });
    expect(byName.get('PORKKANASOSE 5KK')?.not_food).toBeUndefined();
    expect(byName.get('ZQRVOLK PLIMBAR')).toMatchObject({ uncertain: true, confidence: 'low', weight_estimated: true });
    expect(result.metadata.uncertain_items).toBe(1);
  });
});
