// No import cycle anywhere in src/ (the backend, the widget and the contract they share): each module's
// imports (type-only ones too, since a cycle of types still ties two stages together) resolved
// by TypeScript itself, then searched for strongly connected components. A cycle names its
// modules in the failure. `cycles` and `importGraph` work on any folder of src/.
// The same for folders: no two folders import each other, through any number of others, and the
// pipeline's stages, the server's layers and the widget's parts import only what comes before
// them in their written order (STAGES below), so the order a newcomer reads is the order the
// code keeps.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/paths.ts';

const SRC = join(REPO_ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each file of src/ → the files of src/ it imports. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const config = ts.readConfigFile(join(REPO_ROOT, 'tsconfig.json'), (path) => ts.sys.readFile(path)).config as unknown;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, REPO_ROOT);
  const inSrc = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && inSrc.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one module, or a module importing itself. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/**
 * The unit a file counts for in the folder rules: its folder, written relative to src/; a file
 * beside sub-folders (an entry point such as pipeline/index.ts, or a module the sub-folders share
 * such as pipeline/money.ts) is a unit of its own.
 */
function unitOf(file: string): string {
  const folder = dirname(file);
  const hasSubFolders = readdirSync(folder, { withFileTypes: true }).some((entry) => entry.isDirectory());
  return relative(SRC, hasSubFolders ? file : folder);
}

/** The file graph folded into units: each unit → the other units its files import. */
function unitGraph(graph: ReadonlyMap<string, readonly string[]>, unit: (file: string) => string): Map<string, string[]> {
  const units = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = unit(file);
    const edges = units.get(from) ?? new Set<string>();
    for (const target of targets) if (unit(target) !== from) edges.add(unit(target));
    units.set(from, edges);
  }
  return new Map([...units].map(([from, edges]) => [from, [...edges].sort()]));
}

/**
 * Each area's units in the order they may import: a unit imports only units of its own place or
 * an earlier one (never a later one), and, by the cycle check, never one that imports it back.
 * Every unit of an area must have a place: a new folder is put in the order on purpose.
 */
const STAGES: Readonly<Record<string, readonly (readonly string[])[]>> = {
  'server/pipeline': [
    // Shared by every stage: refusals, cents and grams with the one check and its tolerances, the shapes
    // between stages, the receipt factory, and the one median, text folding and similarity.
    ['errors.ts', 'money.ts', 'types.ts', 'receipt.ts', 'median.ts', 'fold-text.ts', 'similarity.ts'],
    ['decode'],
    ['ocr', 'pdf'],
    ['extract'],
    ['parse'],
    ['read', 'llm', 'llm.ts'],
    ['data'],
    ['classify', 'weigh', 'emissions'],
    ['analyze.ts'],
    ['index.ts'],
  ],
  // The pipeline knows nothing of the server around it.
  server: [['pipeline'], ['startup-error.ts', 'config.ts', 'schemas', 'stats'], ['plugins'], ['routes'], ['app.ts'], ['main.ts']],
  widget: [['api', 'rules', 'theme', 'build'], ['i18n'], ['state'], ['components'], ['views'], ['mount'], ['index.ts']],
};

/** Where `unit` stands in `area`'s order: the index of its place, null outside the area, -1 when it has none. */
function placeOf(unit: string, area: string, stages: readonly (readonly string[])[]): number | null {
  if (!unit.startsWith(`${area}/`)) return null;
  const inArea = unit.slice(area.length + 1);
  return stages.findIndex((place) => place.some((name) => inArea === name || inArea.startsWith(`${name}/`)));
}

/** Every unit without a place in its area's order, and every import of a later place, as `from → to`. */
function orderBreaches(units: ReadonlyMap<string, readonly string[]>, stages: Readonly<Record<string, readonly (readonly string[])[]>>): string[] {
  const breaches: string[] = [];
  for (const [area, order] of Object.entries(stages)) {
    for (const [from, targets] of units) {
      const at = placeOf(from, area, order);
      if (at === null) continue;
      if (at < 0) {
        breaches.push(`${from} has no place in the order of ${area}`);
        continue;
      }
      for (const to of targets) {
        const place = placeOf(to, area, order);
        if (place !== null && place > at) breaches.push(`${from} → ${to}`);
      }
    }
  }
  return breaches.sort();
}

describe('imports in src/', () => {
  const graph = importGraph(sourceFiles(SRC));

  it('are resolved (the check sees the real graph)', () => {
    // The pipeline's entry imports its stages: an empty graph would pass the cycle check vacuously.
    const pipeline = graph.get(join(SRC, 'server/pipeline/index.ts')) ?? [];
    expect(pipeline.map((file) => relative(SRC, file))).toContain('server/pipeline/extract/index.ts');
    const mount = graph.get(join(SRC, 'widget/mount/mount.tsx')) ?? [];
    expect(mount.map((file) => relative(SRC, file))).toContain('widget/views/App.tsx');
  });

  it('form no cycle', () => {
    expect(cycles(graph).map((component) => component.map((file) => relative(SRC, file)))).toEqual([]);
  });

  it('finds a cycle where there is one', () => {
    const a = join(SRC, 'a.ts');
    const b = join(SRC, 'b.ts');
    expect(cycles(new Map([[a, [b]], [b, [a]]]))).toEqual([[a, b]]);
  });
});

describe('folders in src/', () => {
  const units = unitGraph(importGraph(sourceFiles(SRC)), unitOf);

  it('are folded from the real graph, stage folders and loose files apart', () => {
    expect(units.get('server/pipeline/index.ts')).toEqual(expect.arrayContaining(['server/pipeline/extract', 'server/pipeline/read', 'server/pipeline/analyze.ts']));
    expect(units.get('server/pipeline/read')).toEqual(expect.arrayContaining(['server/pipeline/parse', 'server/pipeline/extract']));
  });

  it('never import each other, through any number of other folders', () => {
    expect(cycles(units)).toEqual([]);
  });

  it('keep the written order: pipeline stages, server layers, widget parts', () => {
    expect(orderBreaches(units, STAGES)).toEqual([]);
  });

  it('finds two folders that import each other, and an import of a later stage', () => {
    // As the code once was: classify and emissions each read the other's table, and extraction
    // parsed the readings it judged.
    const file = (path: string) => join(SRC, 'server/pipeline', path);
    const graph = new Map([
      [file('classify/classify.ts'), [file('emissions/factors.ts')]],
      [file('emissions/category-factors.ts'), [file('classify/catalogue.ts')]],
      [file('emissions/factors.ts'), []],
      [file('classify/catalogue.ts'), []],
      [file('extract/index.ts'), [file('parse/index.ts')]],
      [file('parse/index.ts'), []],
    ]);
    const folded = unitGraph(graph, (path) => relative(SRC, dirname(path)));
    expect(cycles(folded)).toEqual([['server/pipeline/classify', 'server/pipeline/emissions']]);
    expect(orderBreaches(folded, STAGES)).toEqual(['server/pipeline/extract → server/pipeline/parse']);
    expect(orderBreaches(new Map([['server/pipeline/new-stage', []]]), STAGES)).toEqual(['server/pipeline/new-stage has no place in the order of server/pipeline']);
  });
});
