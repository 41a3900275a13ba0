// Failures through the real backend: a file over the size limit (413), a file that is not a
// receipt image or PDF (415), and a backend that is down and comes back.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { noBrowser } from './support/browser.ts';
import { embedPage } from './support/host-site.ts';
import { browserSuite } from './support/suite.ts';
import {
  apiBadge,
  button,
  chooseFile,
  errorBox,
  fixtureFile,
  giveConsent,
  isAnalysisResponse,
  numberIn,
  openCalculator,
  openDemo,
  PDF_FIXTURE,
  statsPanel,
  viewHeading,
  widgetIn,
  type FilePayload,
} from './support/widget.ts';

const MAX_UPLOAD_MB = 1;
/**
 * A real PDF grown over the 1 MB limit this backend is started with (a comment after its end):
 * a PDF goes as it is, where a large photo would be scaled down in the browser below the limit.
 */
function bigPdf(): FilePayload {
  const pdf = fixtureFile(PDF_FIXTURE);
  return { ...pdf, buffer: Buffer.concat([pdf.buffer, Buffer.from('\n%'), Buffer.alloc(MAX_UPLOAD_MB * 1024 * 1024, 0x20)]) };
}

describe.skipIf(noBrowser)('errors through the real backend', () => {
  const suite = browserSuite({ server: { env: { MAX_UPLOAD_MB: String(MAX_UPLOAD_MB) } } });

  /** Uploads the file and returns the status and the sentence of the backend's refusal. */
  async function uploadRefused(widget: Locator, file: FilePayload): Promise<{ status: number; error: string }> {
    const answer = suite.page.waitForResponse(isAnalysisResponse('/api/process-receipt-ai'));
    await chooseFile(widget, file);
    const response = await answer;
    const body = (await response.json()) as { error?: unknown };
    expect(typeof body.error).toBe('string');
    return { status: response.status(), error: String(body.error) };
  }

  /** The red Error box shows exactly 'Failed to process with AI: ' and the server's sentence. */
  async function expectErrorBox(widget: Locator, sentence: string): Promise<void> {
    const box = errorBox(widget);
    await box.waitFor();
    const [title, message] = await box.locator('p').allTextContents();
    expect(title).toBe('Error');
    expect(message).toBe(`Failed to process with AI: ${sentence}`);
    const [red, green, blue] = (await box.evaluate((element) => getComputedStyle(element).color)).match(/\d+/g)!.map(Number);
    expect(red).toBeGreaterThan(120);
    expect(red).toBeGreaterThan(2 * Math.max(green ?? 0, blue ?? 0));
    expect(await widget.getByRole('progressbar').count()).toBe(0);
  }

  it('shows the 413 sentence for a file over the size limit', async () => {
    const widget = await openDemo(suite.page, suite.server);
    await openCalculator(widget);
    await giveConsent(widget);
    const file = bigPdf();
    expect(file.buffer.length).toBeGreaterThan(MAX_UPLOAD_MB * 1024 * 1024);
    const refusal = await uploadRefused(widget, file);
    expect(refusal.status).toBe(413);
    expect(refusal.error).toContain(`${MAX_UPLOAD_MB} MB`);
    await expectErrorBox(widget, refusal.error);
  });

  it('shows the 415 sentence for a file that is not an image or a PDF, whatever its name claims', async () => {
    const widget = await openDemo(suite.page, suite.server);
    await openCalculator(widget);
    await giveConsent(widget);
    const notAReceipt = { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Maito 1,29\nLeipä 2,49\n') };
    const refusal = await uploadRefused(widget, notAReceipt);
    expect(refusal.status).toBe(415);
    await expectErrorBox(widget, refusal.error);

    // A new upload clears the earlier error first.
    const second = await uploadRefused(widget, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(second.status).toBe(415);
    expect(await errorBox(widget).count()).toBe(1);
  });

  it('says API Offline and Unable to load stats while the backend is down; Retry works once it is back', async () => {
    const url = suite.site.add('/offline.html', { html: embedPage({ api: suite.server.url }) });
    const port = suite.server.port;
    await suite.server.stop();
    try {
      await suite.page.goto(url);
      const widget = widgetIn(suite.page, '#receipt-calculator');
      const panel = statsPanel(widget);
      await expect.poll(() => panel.getByRole('alert').textContent()).toContain('Unable to load stats');
      const retry = button(panel, 'Retry');
      expect(await retry.isVisible()).toBe(true);

      await openCalculator(widget);
      await expect.poll(() => apiBadge(widget).textContent()).toContain('API Offline');
      expect(await apiBadge(widget).getAttribute('data-status')).toBe('offline');
      await button(widget, 'Back to Home').click();
      await expect.poll(() => viewHeading(widget).textContent()).toContain('Discover');
      await expect.poll(() => panel.getByRole('alert').count()).toBe(1);

      // Retry while still down: it tries again and fails again.
      const failed = suite.page.waitForRequest((request) => new URL(request.url()).pathname === '/stats');
      await button(panel, 'Retry').click();
      await failed;
      await expect.poll(() => panel.getByRole('alert').textContent()).toContain('Unable to load stats');

      await suite.server.start();
      // Back where the widget looks for it: the same address and port.
      expect(suite.server.port).toBe(port);
      await button(panel, 'Retry').click();
      await expect.poll(() => panel.getByRole('alert').count()).toBe(0);
      await expect.poll(() => panel.getAttribute('aria-busy')).toBe('false');
      const receipts = await panel.locator('dd').first().textContent();
      expect(numberIn(receipts)).toBe(0);
    } finally {
      if (!suite.server.running) await suite.server.start();
    }
  });
});
