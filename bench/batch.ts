// Twenty PDFs added at once in My receipts ("Add receipts"), in real Chromium with the built
// widget against the real backend (`node src/server/main.ts`), beside the same twenty PDFs posted
// straight to the backend one after another from Node: how much the widget adds to the time, and
// whether the page stays responsive meanwhile (the longest main-thread task and the longest gap
// between painted frames while the batch runs; a page that froze would show it in both).
//   node bench/batch.ts [--rounds 3] [--files 20]
// The PDFs are digital receipts (a text layer, as K-Ruoka and S-kaupat send them) rendered from
// the committed corpus's texts, each a different receipt, so every one is saved. Each round uses a
// fresh browser context (nothing saved yet); rounds alternate the two ways so a machine whose
// other load changes weighs on both alike. Timing is a report, never a test (see bench/README.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { FIXTURE_RECEIPTS } from '../scripts/paths.ts';
import { renderTextPdf } from '../scripts/fixtures/render-pdf.ts';
import { formatTable, type Cell } from '../scripts/eval/table.ts';
import { CHROMIUM_ARGS, findChromium } from '../test/e2e/support/chromium.ts';
import { embedPage, startHostSite } from '../test/e2e/support/host-site.ts';
import { startServer, type BackendServer } from '../test/e2e/support/server.ts';

const { values: args } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, files: { type: 'string', default: '20' } },
});
const ROUNDS = Number(args.rounds);
const FILES = Number(args.files);

interface Pdf {
  name: string;
  buffer: Buffer;
}

async function pdfs(count: number): Promise<Pdf[]> {
  const folder = join(FIXTURE_RECEIPTS, 'text');
  const texts = readdirSync(folder).filter((name) => name.endsWith('.txt')).sort();
  if (texts.length < count) throw new Error(`Only ${texts.length} receipt texts to make PDFs of.`);
  return Promise.all(
    texts.slice(0, count).map(async (name) => ({
      name: name.replace(/\.txt$/, '.pdf'),
      buffer: Buffer.from(await renderTextPdf(readFileSync(join(folder, name), 'utf8'), name)),
    })),
  );
}

/** The twenty posted from Node one after another, as the widget sends them: the backend's own time. */
async function direct(server: BackendServer, files: readonly Pdf[]): Promise<number> {
  const started = performance.now();
  for (const file of files) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file.buffer)], { type: 'application/pdf' }), file.name);
    form.append('fileType', 'pdf');
    const response = await fetch(`${server.url}/api/process-receipt-ai`, { method: 'POST', body: form });
    if (!response.ok) throw new Error(`${file.name}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  }
  return performance.now() - started;
}

interface WidgetRun {
  ms: number;
  saved: number;
  longestTaskMs: number;
  longTasks: number;
  longestFrameGapMs: number;
}

async function throughWidget(browser: Browser, pageUrl: string, files: readonly Pdf[]): Promise<WidgetRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'Europe/Helsinki' });
  try {
    const page = await context.newPage();
    await page.goto(pageUrl);
    const widget = page.locator('#receipt-calculator');
    await widget.getByRole('button', { name: 'My receipts', exact: true }).click();
    const add = widget.getByTestId('add-receipts');
    await add.waitFor();
    await add.getByRole('checkbox').check();
    // Long tasks and frame gaps from here on.
    await page.evaluate(() => {
      const seen = { tasks: [] as number[], gaps: [] as number[], running: true };
      (window as unknown as { benchSeen: typeof seen }).benchSeen = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.tasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: false });
      let last = performance.now();
      const frame = (now: number) => {
        seen.gaps.push(now - last);
        last = now;
        if (seen.running) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), add.getByRole('button', { name: 'Choose files', exact: true }).click()]);
    const started = performance.now();
    await chooser.setFiles(files.map((file) => ({ name: file.name, mimeType: 'application/pdf', buffer: file.buffer })));
    await page.waitForFunction(
      (count) => {
        const root = document.querySelector('#receipt-calculator')?.shadowRoot;
        const summary = root?.querySelector('[data-testid="batch-summary"]')?.textContent ?? '';
        return summary.startsWith('Done:') && root?.querySelectorAll('[data-testid="batch-lines"] li').length === count;
      },
      files.length,
      { timeout: 600_000, polling: 50 },
    );
    const ms = performance.now() - started;
    const seen = await page.evaluate(() => {
      const result = (window as unknown as { benchSeen: { tasks: number[]; gaps: number[]; running: boolean } }).benchSeen;
      result.running = false;
      return result;
    });
    const saved = await widget.getByTestId('batch-lines').locator('li[data-status="saved"]').count();
    return {
      ms,
      saved,
      longestTaskMs: Math.max(0, ...seen.tasks),
      longTasks: seen.tasks.length,
      longestFrameGapMs: Math.max(0, ...seen.gaps),
    };
  } finally {
    await context.close();
  }
}

const chromiumPath = findChromium();
if (!chromiumPath) throw new Error('No Chromium: set CHROMIUM_PATH or install Debian’s chromium.');
const files = await pdfs(FILES);
const [server, site, browser] = await Promise.all([startServer(), startHostSite(), chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS })]);
try {
  const pageUrl = site.add('/batch.html', { html: embedPage({ api: server.url }) });
  // One warm-up each: the backend's first PDF and the widget's first load of My receipts.
  await direct(server, files.slice(0, 2));
  await throughWidget(browser, pageUrl, files.slice(0, 2));

  const rows: Cell[][] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const widgetFirst = round % 2 === 1;
    const run = async () => throughWidget(browser, pageUrl, files);
    const first = widgetFirst ? await run() : await direct(server, files);
    const second = widgetFirst ? await direct(server, files) : await run();
    const widgetRun = (widgetFirst ? first : second) as WidgetRun;
    const directMs = (widgetFirst ? second : first) as number;
    rows.push([
      round,
      `${(widgetRun.ms / 1000).toFixed(2)} s`,
      `${(directMs / 1000).toFixed(2)} s`,
      (widgetRun.ms / directMs).toFixed(2),
      `${widgetRun.saved} of ${files.length}`,
      `${Math.round(widgetRun.longestTaskMs)} ms`,
      widgetRun.longTasks,
      `${Math.round(widgetRun.longestFrameGapMs)} ms`,
    ]);
  }
  console.log(`${files.length} text-layer PDFs, ${ROUNDS} rounds, each in a fresh browser context\n`);
  console.log(
    formatTable(
      ['round', 'widget: Add receipts', 'backend alone', 'ratio', 'saved', 'longest main-thread task', 'tasks over 50 ms', 'longest gap between frames'],
      rows,
    ),
  );
} finally {
  await browser.close();
  await server.dispose();
  await site.close();
}
