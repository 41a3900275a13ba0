// A visitor's journeys through the demo page the backend serves, in real Chromium against the
// real backend and the built bundle: home statistics, the sample, uploads through the file
// chooser that Choose File and Take Photo open and by drag and drop, Scan Another Receipt, the
// privacy policy and the 30-second stats refresh.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Request } from 'playwright-core';
import type { AnalysisResult } from '../../src/contract.ts';
import { noBrowser } from './support/browser.ts';
import { analyzeFixtureText, fetchStats } from './support/server.ts';
import { browserSuite } from './support/suite.ts';
import {
  button,
  chooseFile,
  type ChooserInput,
  dropFile,
  expectResultShows,
  fixtureFile,
  giveConsent,
  holdRequests,
  isAnalysisResponse,
  numberIn,
  openCalculator,
  openDemo,
  PDF_FIXTURE,
  PHOTO_FIXTURE,
  recordUploads,
  runSample,
  sentUploads,
  statsPanel,
  takePhoto,
  viewHeading,
  widgetText,
} from './support/widget.ts';

describe.skipIf(noBrowser)('journeys', () => {
  const suite = browserSuite();

  beforeAll(async () => {
    // Receipts analysed before the visit, so the statistics have numbers to show.
    await analyzeFixtureText(suite.server, 'prisma-olari-2025-09-20.txt');
    await analyzeFixtureText(suite.server, 'k-market-kalevanrinne-2023-05-16.txt');
  });

  it('home shows a loading skeleton, then the live statistics of the backend', async () => {
    const release = await holdRequests(suite.page, '/stats');
    const widget = await openDemo(suite.page, suite.server);
    const panel = statsPanel(widget);
    expect(await panel.getAttribute('aria-busy')).toBe('true');
    expect(await panel.textContent()).toContain('Loading statistics');
    expect(await panel.locator('dd').allTextContents()).toEqual(['', '', '']);
    // A pulsing placeholder in each tile, hidden from screen readers.
    expect(await panel.locator('dd > [aria-hidden="true"]').count()).toBe(3);
    expect(await panel.locator('dd > [aria-hidden="true"]').first().evaluate((element) => getComputedStyle(element).animationName)).not.toBe('none');

    const stats = await fetchStats(suite.server);
    expect(stats.total_receipts_processed).toBeGreaterThan(0);
    release();

    await expect.poll(() => panel.getAttribute('aria-busy')).toBe('false');
    const [receipts, today, average] = await panel.locator('dd').allTextContents();
    expect(numberIn(receipts ?? '')).toBe(stats.total_receipts_processed);
    expect(numberIn(today ?? '')).toBe(stats.receipts_today);
    expect(average).toMatch(/kg$/);
    // kg with 2 decimals below 10 kg, 1 from 10 kg up.
    const kg = stats.average_emissions_per_receipt;
    expect(Math.abs(numberIn(average ?? '') - kg)).toBeLessThanOrEqual(kg < 10 ? 0.005 : 0.05);
  });

  it('Try Demo, then Try Sample shows the result: items, sorted categories, chart, equivalents and tips', async () => {
    const counted = (await fetchStats(suite.server)).total_receipts_processed;
    const widget = await openDemo(suite.page, suite.server);
    await openCalculator(widget);
    const result = await runSample(suite.page, widget);
    await expectResultShows(widget, result);
    // The result replaces the consent and upload blocks.
    expect(await widget.getByRole('checkbox').count()).toBe(0);
    expect(await widget.getByTestId('drop-zone').count()).toBe(0);
    // The sample is a demo: the community statistics do not count it.
    expect((await fetchStats(suite.server)).total_receipts_processed).toBe(counted);
  });

  /** Puts the file in (one way or the other) and returns the backend's answer once it shows. */
  async function upload(widget: Locator, put: () => Promise<unknown>): Promise<AnalysisResult> {
    const answer = suite.page.waitForResponse(isAnalysisResponse('/api/process-receipt-ai'));
    await put();
    await widget.getByRole('progressbar').waitFor();
    const response = await answer;
    expect(response.status(), await response.text()).toBe(200);
    const result = (await response.json()) as AnalysisResult;
    await expectResultShows(widget, result);
    return result;
  }

  const files = [
    ['photo', PHOTO_FIXTURE, 'image', 'ocr'],
    ['PDF', PDF_FIXTURE, 'pdf', 'pdf-text'],
  ] as const;

  it.each(files)('after consent, Choose File with a real %s shows its result', async (_kind, path, fileType, method) => {
    await recordUploads(suite.page);
    const widget = await openDemo(suite.page, suite.server);
    await openCalculator(widget);
    expect(await button(widget, 'Choose File').isDisabled()).toBe(true);
    expect(await button(widget, 'Take Photo').isDisabled()).toBe(true);
    expect(await widgetText(widget)).toContain(
      'Please accept the privacy terms above to enable file upload and photo capture.',
    );
    await giveConsent(widget);
    expect(await button(widget, 'Choose File').isEnabled()).toBe(true);
    const file = fixtureFile(path);
    let chooser: ChooserInput | undefined;
    const result = await upload(widget, async () => (chooser = await chooseFile(widget, file)));
    // The picker the click opened takes one image or PDF, and offers files rather than the camera.
    expect(chooser).toEqual({ accept: 'image/*,application/pdf,.pdf', capture: null, multiple: false });
    expect(await sentUploads(suite.page)).toEqual([{ fileType, name: file.name, size: file.buffer.length }]);
    expect(result.metadata.processing_method).toBe(method);
  });

  it('after consent, Take Photo opens the camera picker and its photo shows its result', async () => {
    await recordUploads(suite.page);
    const widget = await openDemo(suite.page, suite.server);
    await openCalculator(widget);
    await giveConsent(widget);
    expect(await button(widget, 'Take Photo').isEnabled()).toBe(true);
    const file = fixtureFile(PHOTO_FIXTURE);
    let chooser: ChooserInput | undefined;
    const result = await upload(widget, async () => (chooser = await takePhoto(widget, file)));
    // A phone opens its rear camera for this input; images only.
    expect(chooser).toEqual({ accept: 'image/*', capture: 'environment', multiple: false });
    expect(await sentUploads(suite.page)).toEqual([{ fileType: 'image', name: file.name, size: file.buffer.length }]);
    expect(result.metadata.processing_method).toBe('ocr');
  });

  it.each(files)('after consent, dropping a real %s on the drop zone shows its result', async (_kind, path, fileType, method) => {
    await recordUploads(suite.page);
    const widget = await openDemo(suite.page, suite.server);
    await openCalculator(widget);
    await giveConsent(widget);
    const file = fixtureFile(path);
    let outcome = { highlighted: false, dropPrevented: false };
    const result = await upload(widget, async () => (outcome = await dropFile(widget, file)));
    expect(outcome).toEqual({ highlighted: true, dropPrevented: true });
    expect(await sentUploads(suite.page)).toEqual([{ fileType, name: file.name, size: file.buffer.length }]);
    expect(result.metadata.processing_method).toBe(method);
  });

  it('paints "Starting AI analysis..." at 0 before the upload replaces it, and every later step in order', async () => {
    // What each animation frame shows of the progress bar (rAF callbacks run just before a paint).
    await suite.page.addInitScript(() => {
      const painted: string[] = [];
      (window as unknown as { paintedSteps: string[] }).paintedSteps = painted;
      const look = () => {
        const bar = document.querySelector('#receipt-calculator')?.shadowRoot?.querySelector('[role="progressbar"]');
        const step = bar?.getAttribute('aria-valuetext');
        if (step && painted.at(-1) !== step) painted.push(step);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const widget = await openDemo(suite.page, suite.server);
    await openCalculator(widget);
    await giveConsent(widget);
    await upload(widget, () => chooseFile(widget, fixtureFile(PDF_FIXTURE)));
    const painted = await suite.page.evaluate(() => (window as unknown as { paintedSteps: string[] }).paintedSteps);
    const sequence = [
      '0% Starting AI analysis...',
      '20% Uploading to AI server...',
      '70% AI analyzing receipt...',
      '100% Processing complete!',
      '100% Complete!',
    ];
    expect(painted[0]).toBe(sequence[0]);
    // A fast answer may skip a step on screen, but none comes out of order.
    const order = painted.map((step) => sequence.indexOf(step));
    expect(order.every((index, i) => index >= 0 && (i === 0 || index > order[i - 1]!)), painted.join(' → ')).toBe(true);
  });

  it('ignores a dropped file before consent', async () => {
    const uploads: Request[] = [];
    suite.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/process-receipt-ai') uploads.push(request);
    });
    const widget = await openDemo(suite.page, suite.server);
    await openCalculator(widget);
    const outcome = await dropFile(widget, fixtureFile(PHOTO_FIXTURE));
    // Refused, and still taken from the browser, which would otherwise open the file itself.
    expect(outcome).toEqual({ highlighted: false, dropPrevented: true });
    await suite.page.waitForTimeout(500);
    expect(uploads).toEqual([]);
    expect(await widget.getByRole('progressbar').count()).toBe(0);
    expect(await widget.getByRole('alert').count()).toBe(0);
    expect(await widget.getByRole('checkbox').isChecked()).toBe(false);
  });

  it('Scan Another Receipt clears the result and offers consent and upload again', async () => {
    const widget = await openDemo(suite.page, suite.server);
    await openCalculator(widget);
    await runSample(suite.page, widget);
    await button(widget, 'Scan Another Receipt').click();
    await expect.poll(() => widget.getByTestId('result').count()).toBe(0);
    expect(await widget.getByRole('checkbox').isChecked()).toBe(false);
    expect(await widget.getByTestId('drop-zone').isVisible()).toBe(true);
    // Busy until the progress view clears, 1 s after the answer (spec §4).
    await expect.poll(() => button(widget, 'Try Sample').isEnabled()).toBe(true);
    expect(await widget.getByRole('alert').count()).toBe(0);
  });

  it('opens the privacy policy from the footer and from the calculator, and goes back to each', async () => {
    const widget = await openDemo(suite.page, suite.server);
    await button(widget, 'Privacy Policy').click();
    await expect.poll(() => viewHeading(widget).textContent()).toBe('Privacy Policy');
    const text = await widgetText(widget);
    expect(text).toContain('January 15, 2025');
    expect(text).toMatch(/GDPR/);
    expect(await widget.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
    await button(widget, 'Back').click();
    await expect.poll(() => viewHeading(widget).textContent()).toContain('Discover');

    await openCalculator(widget);
    await button(widget, 'Read the Privacy Policy').click();
    await expect.poll(() => viewHeading(widget).textContent()).toBe('Privacy Policy');
    await button(widget, 'Back').click();
    await expect.poll(() => viewHeading(widget).textContent()).toContain('Calculate');
  });

  it('refreshes the statistics every 30 seconds while home shows', async () => {
    await suite.page.clock.install();
    const statsRequests: Request[] = [];
    suite.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/stats') statsRequests.push(request);
    });
    const widget = await openDemo(suite.page, suite.server);
    const panel = statsPanel(widget);
    await expect.poll(() => panel.getAttribute('aria-busy')).toBe('false');
    const before = await fetchStats(suite.server);
    expect(numberIn(await panel.locator('dd').first().textContent())).toBe(before.total_receipts_processed);
    expect(statsRequests).toHaveLength(1);

    // Someone else analyses a receipt meanwhile.
    await analyzeFixtureText(suite.server, 'lidl-tampere-hatanpaa-2025-07-01.txt');
    await suite.page.clock.fastForward(29_000);
    await suite.page.waitForTimeout(300);
    expect(statsRequests).toHaveLength(1);
    await suite.page.clock.fastForward(1_000);
    await expect.poll(() => statsRequests.length).toBe(2);
    await expect
      .poll(async () => numberIn(await panel.locator('dd').first().textContent()))
      .toBe(before.total_receipts_processed + 1);
  });
});
