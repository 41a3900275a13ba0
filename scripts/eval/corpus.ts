// A labelled receipt corpus on disk: `labels/*.json` (the label format of the real-receipt
// corpus) naming files under the same folder. Every label is validated, so a broken label
// fails loudly instead of skewing the numbers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { CATEGORY_NAMES } from '../../src/contract.ts';

const amount = z.object({ name: z.string(), amount: z.number() });

export const labelSchema = z.object({
  file: z.string(),
  format: z.enum(['text', 'pdf', 'image']),
  store: z.string().nullable(),
  chain: z.string().nullable(),
  date: z.string().nullable(),
  printed_total: z.number().nullable(),
  items: z.array(
    z.object({
      name: z.string(),
      price: z.number(),
      quantity: z.number().nullable(),
      weight_kg: z.number().nullable(),
      category: z.enum(CATEGORY_NAMES),
    }),
  ),
  deposits: z.array(amount),
  fees: z.array(amount),
  returns: z.array(amount),
  reconciliation: z.string(),
  notes: z.string(),
});

export type Label = z.infer<typeof labelSchema>;

/** How the pipeline is fed: receipt text, a PDF, an image; `pdf-as-text` is a PDF's pdftotext output read as text. */
export type InputKind = 'text' | 'pdf-as-text' | 'pdf' | 'image';

export const INPUT_KINDS: readonly InputKind[] = ['text', 'pdf-as-text', 'pdf', 'image'];

export interface CorpusEntry {
  corpus: string;
  /** Label file name, for per-file rows. */
  name: string;
  kind: InputKind;
  path: string;
  label: Label;
}

export function loadLabel(path: string): Label {
  const parsed = labelSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`Invalid label ${path}: ${parsed.error.message}`);
  return parsed.data;
}

/** The pdftotext output that the real corpus keeps beside each PDF, when present. */
function pdfTextOf(root: string, pdfFile: string): string | null {
  const path = join(root, 'text_from_pdf', `${basename(pdfFile, '.pdf')}.pdftotext-layout.txt`);
  return existsSync(path) ? path : null;
}

export function loadCorpus(root: string): CorpusEntry[] {
  const labelsDir = join(root, 'labels');
  if (!existsSync(labelsDir)) throw new Error(`No labels/ folder in ${root}`);
  const entries: CorpusEntry[] = [];
  for (const name of readdirSync(labelsDir).filter((f) => f.endsWith('.json')).sort()) {
    const label = loadLabel(join(labelsDir, name));
    const path = join(root, label.file);
    if (!existsSync(path)) throw new Error(`Label ${name} names a missing file ${label.file}`);
    entries.push({ corpus: root, name, kind: label.format, path, label });
    if (label.format === 'pdf') {
      const text = pdfTextOf(root, label.file);
      if (text) entries.push({ corpus: root, name, kind: 'pdf-as-text', path: text, label });
    }
  }
  return entries;
}

/** Unlabelled receipts kept only to prove the reader does not crash on them. */
export function robustnessFiles(root: string): string[] {
  const dir = join(root, 'other_languages');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => join(dir, f));
}
