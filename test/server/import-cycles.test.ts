// No import cycle anywhere in src/ (the backend, the widget and the contract they share): each module's
// imports (type-only ones too, since a cycle of types still ties two stages together) resolved
// by TypeScript itself, then searched for strongly connected components. A cycle names its
// modules in the failure. `cycles` and `importGraph` work on any folder of src/.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
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
