// axe-core in the page, run on one widget: axe follows open shadow roots, so the context is
// the host element and the rules see everything the widget renders.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  rule: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

export interface AxeReport {
  violations: AxeViolation[];
  /** Nodes inside a shadow root that a rule passed: proof axe looked inside the widget. */
  shadowNodesChecked: number;
}

export async function runAxe(page: Page, hostSelector: string): Promise<AxeReport> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const results = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe;
    return axe.run({ include: [selector] }, { resultTypes: ['violations'] });
  }, hostSelector);
  return {
    violations: results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${JSON.stringify(node.target)}: ${node.failureSummary ?? ''}`),
    })),
    // With resultTypes ['violations'], passes keep one node per rule: enough to see the shadow DOM.
    shadowNodesChecked: results.passes.flatMap((rule) => rule.nodes).filter((node) => Array.isArray(node.target[0]))
      .length,
  };
}
