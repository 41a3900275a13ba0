// Real receipts stay beside the repository (../shared/data/receipts), never inside it: the
// project writes its own test receipts. This guard fails when a tracked file under test/ or
// scripts/ holds two or more consecutive lines of one real receipt text, or a label holds two
// items of one real label in the same order (same price, a name word in common). Lines too
// generic to tell a copy from a layout (no digit, a bare number, a quantity or weight line, a
// line several real receipts share) do not count. Skipped where that folder is absent.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, SHARED_RECEIPTS, sharedDataPresent } from '../../../scripts/paths.ts';

const ROOT = REPO_ROOT;
const SHARED = SHARED_RECEIPTS;
const TEXT_FOLDERS = ['text', 'text_from_pdf', 'other_languages'];
const CODE = new Set(['.ts', '.tsx', '.js', '.mjs', '.json']);
const BINARY = new Set(['.png', '.jpg', '.jpeg', '.pdf', '.webp', '.gif', '.ttf', '.woff', '.woff2']);

const normalise = (line: string): string =>
  line.normalize('NFC').replace(/[\s\u00a0]+/g, ' ').trim().toUpperCase();

/** Quantity and weight lines (`3 KPL 1,45 €/KPL`, `0,418 KG 2,79 €/KG`, `2 x 1,79`) recur everywhere. */
const QUANTITY = /^-?\d+([,.]\d+)? ?(KPL|KG|X)\b/;

function tooGeneric(line: string): boolean {
  if (line.length < 6 || !/\d/.test(line) || QUANTITY.test(line)) return true;
  // A bare amount, barcode or date says nothing on its own; a row of several numbers (VAT) does.
  return !/\p{L}/u.test(line) && line.split(' ').filter((token) => /\d/.test(token)).length < 2;
}

interface Place {
  file: string;
  index: number;
  lineNo: number;
}

interface RealLines {
  /** Normalised counted line → where it stands in each real text (index among that text's counted lines). */
  places: Map<string, Place[]>;
  /** Lines printed on several real receipts (a chain's footer, a card terminal's boilerplate): layout, not counted. */
  shared: Set<string>;
}

function readRealLines(): RealLines {
  const texts: { file: string; lines: string[] }[] = [];
  for (const folder of TEXT_FOLDERS) {
    const dir = join(SHARED, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) texts.push({ file: `${folder}/${name}`, lines: readFileSync(join(dir, name), 'utf8').split(/\r?\n/).map(normalise) });
  }
  const seenIn = new Map<string, Set<string>>();
  for (const { file, lines } of texts) for (const line of lines) seenIn.set(line, (seenIn.get(line) ?? new Set()).add(file));
  const shared = new Set([...seenIn].filter(([, files]) => files.size > 1).map(([line]) => line));
  const places = new Map<string, Place[]>();
  for (const { file, lines } of texts) {
    let index = 0;
    lines.forEach((line, i) => {
      if (tooGeneric(line) || shared.has(line)) return;
      places.set(line, [...(places.get(line) ?? []), { file, index: index++, lineNo: i + 1 }]);
    });
  }
  return { places, shared };
}

/** A file's lines as receipt lines: in code, the string literals (split at `\n`); elsewhere the line itself. */
function receiptLinesOf(path: string, content: string): { text: string; lineNo: number }[] {
  const code = CODE.has(extname(path));
  const out: { text: string; lineNo: number }[] = [];
  content.split(/\r?\n/).forEach((line, i) => {
    const literals = code ? [...line.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)] : [];
    const pieces = literals.length > 0 ? literals.flatMap((m) => (m[1] ?? m[2] ?? m[3] ?? '').split(/\\r\\n|\\n/)) : [line];
    for (const piece of pieces) out.push({ text: normalise(piece), lineNo: i + 1 });
  });
  return out;
}

/** Runs of 2+ lines that follow each other both in the file and in one real receipt text. */
function copiedRuns(path: string, content: string, real: RealLines): string[] {
  const lines = receiptLinesOf(path, content).filter((l) => !tooGeneric(l.text) && !real.shared.has(l.text));
  const runs: string[] = [];
  for (let k = 0; k + 1 < lines.length; k++) {
    const here = lines[k]!;
    const next = lines[k + 1]!;
    for (const a of real.places.get(here.text) ?? []) {
      const b = real.places.get(next.text)?.find((p) => p.file === a.file && p.index === a.index + 1);
      if (b) runs.push(`${path}:${here.lineNo}-${next.lineNo} repeats ${a.file}:${a.lineNo}-${b.lineNo} (${here.text} / ${next.text})`);
    }
  }
  return runs;
}

interface LabelItem {
  text: string;
  cents: number;
  words: Set<string>;
}

/** A label's items; names are compared by their words of four letters or more, so `Omena Royal Gala` meets `Omenat Royal Gala`. */
function labelItems(json: string): LabelItem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  const items = (parsed as { items?: unknown }).items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: { name?: unknown; price?: unknown }) => {
    if (typeof item.name !== 'string' || typeof item.price !== 'number') return [];
    const text = normalise(item.name);
    return [{ text: `${text} ${item.price.toFixed(2)}`, cents: Math.round(item.price * 100), words: new Set(text.split(/[^\p{L}]+/u).filter((w) => w.length >= 4)) }];
  });
}

const sameItem = (a: LabelItem, b: LabelItem): boolean => a.cents === b.cents && [...a.words].some((w) => b.words.has(w));

/** The longest run of items, in order though not necessarily adjacent, that two labels share. */
function sharedItems(a: readonly LabelItem[], b: readonly LabelItem[]): string[] {
  const best: string[][][] = Array.from({ length: a.length + 1 }, () => Array.from({ length: b.length + 1 }, () => []));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const skip = best[i + 1]![j]!.length >= best[i]![j + 1]!.length ? best[i + 1]![j]! : best[i]![j + 1]!;
      const take = sameItem(a[i]!, b[j]!) ? [a[i]!.text, ...best[i + 1]![j + 1]!] : [];
      best[i]![j] = take.length > skip.length ? take : skip;
    }
  }
  return best[0]![0]!;
}

function trackedFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z', 'test', 'scripts'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  } catch {
    // Not a git checkout (an unpacked release): every file under the two folders.
    return ['test', 'scripts'].flatMap((top) =>
      readdirSync(join(ROOT, top), { recursive: true, encoding: 'utf8' })
        .map((p) => join(top, p))
        .filter((path) => statSync(join(ROOT, path)).isFile()),
    );
  }
}

function readTracked(): { path: string; content: string }[] {
  return trackedFiles()
    .filter((path) => !BINARY.has(extname(path).toLowerCase()) && existsSync(join(ROOT, path)))
    .map((path) => ({ path, content: readFileSync(join(ROOT, path), 'utf8') }))
    .filter(({ content }) => !content.includes('\0'));
}

describe.skipIf(!sharedDataPresent(SHARED, 'no real receipt copied into the repository'))('no real receipt is copied into test/ or scripts/ (../shared/data/receipts)', () => {
  const tracked = readTracked();

  it('no file repeats two consecutive lines of a real receipt text', () => {
    const real = readRealLines();
    expect(real.places.size).toBeGreaterThan(100);
    expect(tracked.flatMap(({ path, content }) => copiedRuns(path, content, real))).toEqual([]);
  });

  it('no label repeats two items of a real label in the same order with the same prices', () => {
    const dir = join(SHARED, 'labels');
    const realLabels = readdirSync(dir).map((name) => ({ name, items: labelItems(readFileSync(join(dir, name), 'utf8')) }));
    const copies = tracked
      .filter(({ path }) => path.endsWith('.json'))
      .flatMap(({ path, content }) => {
        const items = labelItems(content);
        return realLabels.map((real) => ({ path, real: real.name, shared: sharedItems(items, real.items) }));
      })
      .filter((copy) => copy.shared.length >= 2);
    expect(copies).toEqual([]);
  });

  it('would notice a copied pair of lines and a copied pair of items', () => {
    const lines = readRealLines();
    const [line, places] = [...lines.places].find(([, ps]) => ps.some((p) => p.index === 0))!;
    const first = places.find((p) => p.index === 0)!;
    const nextLine = [...lines.places].find(([, ps]) => ps.some((p) => p.file === first.file && p.index === 1))![0];
    expect(copiedRuns('copy.txt', `${line}\n${nextLine}`, lines)).toHaveLength(1);
    expect(copiedRuns('copy.txt', `${line}\n  2 KPL 1,00 €/KPL\n${nextLine}`, lines)).toHaveLength(1);
    expect(copiedRuns('copy.txt', `${line}\nMAITO 1L 1,15\n${nextLine}`, lines)).toEqual([]);
    const label = (...items: [string, number][]) => labelItems(JSON.stringify({ items: items.map(([name, price]) => ({ name, price })) }));
    const real = label(['Omena Royal Gala 1kg', 2.19], ['Sämpylä', 0], ['Kaura-ruisleipä 500g', 1.59]);
    expect(sharedItems(label(['Omenat Royal Gala', 2.19], ['Ruisleipä kaura 500g', 1.59]), real)).toHaveLength(2);
    expect(sharedItems(label(['Omenat Royal Gala', 2.29], ['Ruisleipä kaura 500g', 1.59]), real)).toHaveLength(1);
    expect(sharedItems(label(['Kaura-ruisleipä 500g', 1.59], ['Omena Royal Gala 1kg', 2.19]), real)).toHaveLength(1);
  });
});
