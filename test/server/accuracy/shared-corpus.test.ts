// The real labelled receipts beside the repository (../shared/data/receipts) load through the
// eval's corpus reader: every label validates, names an existing file and adds up. Skipped
// cleanly where that folder is absent (it is never copied into the repository).
import { describe, expect, it } from 'vitest';
import { loadCorpus, robustnessFiles } from '../../../scripts/eval/corpus.ts';
import { labelAddsUp } from '../../../scripts/fixtures/check.ts';
import { SHARED_RECEIPTS, sharedDataPresent } from '../../../scripts/paths.ts';

const SHARED = SHARED_RECEIPTS;

describe.skipIf(!sharedDataPresent(SHARED, 'the real labelled receipts load as a corpus'))('real labelled receipts (../shared/data/receipts)', () => {
  it('load as a corpus of text, PDF and image inputs whose labels add up', () => {
    const entries = loadCorpus(SHARED);
    const kinds = new Set(entries.map((e) => e.kind));
    for (const kind of ['text', 'pdf', 'image'] as const) expect(kinds.has(kind), kind).toBe(true);
    for (const entry of entries) expect(labelAddsUp(entry.label), entry.name).toBe(true);
  });

  it('list the other-language receipts for the robustness run', () => {
    expect(robustnessFiles(SHARED).length).toBeGreaterThan(0);
  });
});
