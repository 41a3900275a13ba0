// Driving the widget through what a visitor sees: roles and visible text (Playwright's
// locators pierce open shadow roots), real clicks that open the browser's file chooser, real
// files and real drag-and-drop events.
import { readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { expect } from 'vitest';
import type { Locator, Page, Response } from 'playwright-core';
import type { AnalysisResult } from '../../../src/contract.ts';
import type { BackendServer } from './server.ts';
import { REPO_ROOT } from './server.ts';

/** The element the demo page mounts the widget into. */
export const DEMO_HOST = '#receipt-calculator';

export const FIXTURES = join(REPO_ROOT, 'test/fixtures/receipts');

/** A clean scan and a text-layer PDF: real fixtures that read quickly. */
export const PHOTO_FIXTURE = 'images/k-market-kalevanrinne-2023-05-16--clean-scan.png';
export const PDF_FIXTURE = 'pdf/prisma-olari-2025-09-20.pdf';

/** A file that says it is a PDF and is not one: a batch's bad file. */
export const BROKEN_PDF: FilePayload = { name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 this is not a receipt') };

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const MIME_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
};

export function fixtureFile(relativePath: string): FilePayload {
  const path = join(FIXTURES, relativePath);
  return {
    name: basename(path),
    mimeType: MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    buffer: readFileSync(path),
  };
}

/** The widget mounted in `host`, as a locator all others are taken from. */
export function widgetIn(page: Page, host = DEMO_HOST): Locator {
  return page.locator(host);
}

/** The demo page the backend serves at `/` (the built bundle, hostile host CSS), without its sidebar's
 *  second widget, so every request and every focus on the page belongs to one widget. */
export async function openDemo(page: Page, server: BackendServer): Promise<Locator> {
  await page.goto(`${server.url}/?sidebar=0`);
  const widget = widgetIn(page);
  await expect.poll(() => widget.getByRole('heading', { level: 1 }).count()).toBe(1);
  return widget;
}

/** All the text the widget shows (a host element's own textContent leaves out its shadow root). */
export function widgetText(widget: Locator): Promise<string | null> {
  return widget.locator('section[data-view]').textContent();
}

export function button(widget: Locator, name: string | RegExp): Locator {
  return widget.getByRole('button', { name, exact: typeof name === 'string' });
}

export function viewHeading(widget: Locator): Locator {
  return widget.getByRole('heading', { level: 1 });
}

export function statsPanel(widget: Locator): Locator {
  return widget.getByRole('region', { name: /Live impact statistics/ });
}

export function errorBox(widget: Locator): Locator {
  return widget.getByRole('alert').filter({ hasText: /^Error/ });
}

export function apiBadge(widget: Locator): Locator {
  return widget.locator('[data-status]');
}

export async function openCalculator(widget: Locator): Promise<void> {
  await button(widget, 'Try Demo').click();
  await expect.poll(() => viewHeading(widget).textContent()).toContain('Calculate');
}

export async function giveConsent(widget: Locator): Promise<void> {
  await widget.getByRole('checkbox').check();
}

export function isAnalysisResponse(path: string) {
  return (response: Response) => new URL(response.url()).pathname === path && response.request().method() === 'POST';
}

/**
 * Holds every request to `path` until the returned function is called, so that a waiting state
 * (the stats skeleton, the progress view) can be looked at; then lets them through unchanged.
 */
export async function holdRequests(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

/** Clicks Try Sample and returns the backend's answer once the widget shows it. */
export async function runSample(page: Page, widget: Locator): Promise<AnalysisResult> {
  const answer = page.waitForResponse(isAnalysisResponse('/api/process-text'));
  await button(widget, 'Try Sample').click();
  const response = await answer;
  expect(response.status()).toBe(200);
  const result = (await response.json()) as AnalysisResult;
  await widget.getByTestId('result').waitFor();
  return result;
}

/** The file input behind a file chooser, as the browser opened it. */
export interface ChooserInput {
  accept: string | null;
  capture: string | null;
  multiple: boolean;
}

/**
 * Does what opens the browser's file chooser (a click, a key press) and waits for the chooser:
 * its event proves the widget opened it. Answers it with `file` (or several) when given; without
 * one the chooser is left unanswered, as when a visitor closes it.
 */
export async function openFileChooser(
  page: Page,
  open: () => Promise<unknown>,
  file?: FilePayload | FilePayload[],
): Promise<ChooserInput> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 5_000 }), open()]);
  const input = chooser.element();
  const seen = {
    accept: await input.getAttribute('accept'),
    capture: await input.getAttribute('capture'),
    multiple: chooser.isMultiple(),
  };
  if (file) await chooser.setFiles(file);
  return seen;
}

/** Clicks Choose File and picks `file` in the file chooser it opens. */
export function chooseFile(widget: Locator, file: FilePayload): Promise<ChooserInput> {
  return openFileChooser(widget.page(), () => button(widget, 'Choose File').click(), file);
}

/** Clicks `open` (Add receipts' Choose files) and gives the chooser it opens several files at once. */
export async function chooseMany(open: Locator, files: FilePayload[]): Promise<void> {
  const seen = await openFileChooser(open.page(), () => open.click(), files);
  expect(seen.multiple).toBe(true);
}

/** Clicks Take Photo and gives `file` to the chooser it opens (a phone would offer its camera). */
export function takePhoto(widget: Locator, file: FilePayload): Promise<ChooserInput> {
  return openFileChooser(widget.page(), () => button(widget, 'Take Photo').click(), file);
}

export interface SentUpload {
  fileType: string | null;
  name: string | null;
  size: number | null;
}

/**
 * Records the multipart form of every upload the page's fetch sends (Chromium does not report
 * bodies with files to the test); must run before the page loads. Read with sentUploads.
 */
export async function recordUploads(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: Array<{ fileType: string | null; name: string | null; size: number | null }> = [];
    (window as unknown as { sentUploads: typeof sent }).sentUploads = sent;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (init?.body instanceof FormData) {
        const file = init.body.get('file');
        const fileType = init.body.get('fileType');
        sent.push({
          fileType: typeof fileType === 'string' ? fileType : null,
          name: file instanceof File ? file.name : null,
          size: file instanceof File ? file.size : null,
        });
      }
      return original(input, init);
    };
  });
}

export function sentUploads(page: Page): Promise<SentUpload[]> {
  return page.evaluate(() => (window as unknown as { sentUploads: SentUpload[] }).sentUploads);
}

export interface DropOutcome {
  /** Whether the drop zone lit up while the file was dragged over it (it accepts the drop). */
  highlighted: boolean;
  /** Whether the widget took the drop from the browser (which would otherwise open the file). */
  dropPrevented: boolean;
}

/**
 * Drags a file onto the drop zone: real dragenter, dragover and drop events carrying a
 * DataTransfer with a File built in the page from the fixture's bytes. (A constructed
 * DataTransfer's dropEffect always reads 'none', so acceptance is read from the zone's look.)
 */
export async function dropFile(widget: Locator, file: FilePayload): Promise<DropOutcome> {
  return widget.getByTestId('drop-zone').evaluate(
    async (zone, payload) => {
      const bytes = Uint8Array.from(atob(payload.base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], payload.name, { type: payload.mimeType }));
      const fire = (type: string) => {
        const event = new DragEvent(type, { bubbles: true, cancelable: true, composed: true, dataTransfer: transfer });
        zone.dispatchEvent(event);
        return event;
      };
      const look = () => getComputedStyle(zone).borderTopColor;
      const before = look();
      fire('dragenter');
      fire('dragover');
      // Give React up to a second to render the drag state (its colour transition starts at once).
      let highlighted = false;
      for (let wait = 0; wait < 20 && !highlighted; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        highlighted = look() !== before;
      }
      const drop = fire('drop');
      return { highlighted, dropPrevented: drop.defaultPrevented };
    },
    { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
  );
}

/** The number in a text such as "12.3 kg CO2e" or "€4.50". */
export function numberIn(text: string | null): number {
  const match = /-?\d[\d,]*(?:\.\d+)?/.exec(text ?? '');
  if (!match) throw new Error(`No number in ${JSON.stringify(text)}`);
  return Number(match[0].replaceAll(',', ''));
}

/** Tips spec §9 asks for, from the categories of an answer: [priority, ...] in the spec's order. */
export function expectedTipPriorities(result: AnalysisResult): string[] {
  const emissions = (name: string) => result.categories[name as keyof typeof result.categories]?.emissions ?? 0;
  const tips = [
    emissions('Red Meat') > 5 ? 'high' : null,
    emissions('Dairy') > 3 ? 'medium' : null,
    emissions('Processed Food') > 2 ? 'medium' : null,
  ].filter((tip): tip is string => tip !== null);
  return tips.length > 0 ? tips : ['low'];
}

/**
 * The result view shows this answer: the total, every item in order, the categories sorted
 * by emissions (largest first) in the legend and the SVG chart, both equivalents and the tips.
 */
export async function expectResultShows(widget: Locator, result: AnalysisResult): Promise<void> {
  const summary = widget.getByTestId('result');
  await expect.poll(() => summary.isVisible()).toBe(true);
  expect(result.items.length).toBeGreaterThan(0);

  const total = numberIn(await widget.getByTestId('total-emissions').textContent());
  expect(Math.abs(total - result.total_emissions)).toBeLessThanOrEqual(result.total_emissions < 10 ? 0.005 : 0.05);
  expect(await summary.textContent()).toContain(`Items found${result.metadata.items_found}`);

  const rows = widget.getByTestId('item-list').getByRole('listitem');
  expect(await rows.count()).toBe(result.items.length);
  const rowTexts = await rows.allTextContents();
  result.items.forEach((item, index) => expect(rowTexts[index]).toContain(item.name));

  // Every category once, largest emissions first (ties in any order), the chart in the same order.
  const legend = await widget.locator('li[data-category]').evaluateAll((entries) =>
    entries.map((entry) => entry.getAttribute('data-category') ?? ''),
  );
  expect([...legend].sort()).toEqual(Object.keys(result.categories).sort());
  const emissionsInOrder = legend.map((name) => result.categories[name as keyof typeof result.categories]?.emissions ?? NaN);
  expect(emissionsInOrder).toEqual([...emissionsInOrder].sort((a, b) => b - a));
  const legendKg = (await widget.locator('li[data-category]').allTextContents()).map(numberIn);
  expect(legendKg).toEqual([...legendKg].sort((a, b) => b - a));

  const chart = widget.getByRole('img', { name: /emissions by category/i });
  expect(await chart.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
  const segments = chart.locator('circle[data-category]');
  expect(await segments.evaluateAll((circles) => circles.map((circle) => circle.getAttribute('data-category')))).toEqual(
    legend,
  );
  const colours = await segments.evaluateAll((circles) => circles.map((circle) => getComputedStyle(circle).stroke));
  expect(new Set(colours).size).toBe(colours.length);

  const driving = numberIn(await widget.getByTestId('driving').textContent());
  const tree = numberIn(await widget.getByTestId('tree').textContent());
  const km = result.summary.driving_equivalent_km;
  const months = result.summary.tree_months_absorption;
  expect(Math.abs(driving - km)).toBeLessThan(km < 10 ? 0.051 : 1);
  expect(Math.abs(tree - months)).toBeLessThan(months < 10 ? 0.051 : 1);

  const tips = await widget.locator('[data-priority]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-priority')));
  expect(tips).toEqual(expectedTipPriorities(result));
  for (const card of await widget.locator('[data-priority]').all()) {
    expect(await card.textContent()).toMatch(/(High|Medium|Low) priority/);
  }
}
