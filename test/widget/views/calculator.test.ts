// The calculator view: API status, consent gating, file/photo/drop input, the upload and
// sample sequences with their exact payloads and messages, and every error.
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_RECEIPT_TEXT } from '../../../src/sample-receipt.ts';
import { analysis, API } from '../support/fixtures.ts';
import { deferred, json, slowJson } from '../support/fake-fetch.ts';
import { useFakeBackend } from '../support/environment.ts';
import {
  advance,
  button,
  byText,
  chooseFiles,
  click,
  dropFiles,
  mount,
  nextFrame,
  queryByText,
  settle,
  text,
  type TestWidget,
} from '../support/widget.ts';

const CONSENT_WARNING = 'Please accept the privacy terms above to enable file upload and photo capture.';

const fetch = useFakeBackend();

beforeEach(() => {
  fetch.on('/api/process-receipt-ai', json(analysis()));
  fetch.on('/api/process-text', json(analysis()));
});

async function openCalculator(apiBaseUrl: string | undefined): Promise<TestWidget> {
  const widget = await mount(apiBaseUrl);
  await settle();
  await click(button(widget.shadow, 'Scan Your Receipt'));
  return widget;
}

const consentBox = (shadow: ShadowRoot) => shadow.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
const fileInput = (shadow: ShadowRoot) => shadow.querySelector<HTMLInputElement>('[data-testid="file-input"]')!;
const photoInput = (shadow: ShadowRoot) => shadow.querySelector<HTMLInputElement>('[data-testid="photo-input"]')!;
const dropZone = (shadow: ShadowRoot) => shadow.querySelector('[data-testid="drop-zone"]')!;
const progressbar = (shadow: ShadowRoot) => shadow.querySelector('[role="progressbar"]');
const errorBox = (shadow: ShadowRoot) => shadow.querySelector('[role="alert"]');
const receipt = (name = 'kuitti.jpg', type = 'image/jpeg') => new File(['receipt bytes'], name, { type });

async function accept(shadow: ShadowRoot): Promise<void> {
  await click(consentBox(shadow));
}

function progress(shadow: ShadowRoot): { message: string; percent: string | null } | null {
  const bar = progressbar(shadow);
  if (!bar) return null;
  const card = bar.closest('section')!;
  return { message: text(card.querySelector('p')!), percent: bar.getAttribute('aria-valuenow') };
}

describe('API status badge', () => {
  it.each([
    [{ status: 'ok', openai_configured: true }, 200, 'API Ready'],
    [{ status: 'ok', openai_configured: false }, 200, 'No OpenAI Key'],
    [{ error: 'down' }, 503, 'API Offline'],
  ])('health %j (HTTP %i) reads %s', async (body, status, label) => {
    fetch.on('/health', json(body, status));
    const { shadow, unmount } = await openCalculator(API);
    expect(text(shadow.querySelector('[data-status]')!)).toBe(`API status: ${label}`);
    await unmount();
  });

  it('reads API Offline when the health check gets no answer', async () => {
    fetch.on('/health', new TypeError('Failed to fetch'));
    const { shadow, unmount } = await openCalculator(API);
    expect(shadow.querySelector('[data-status]')?.getAttribute('data-status')).toBe('offline');
    await unmount();
  });

  it('checks health once on mount against the given base URL', async () => {
    const { unmount } = await openCalculator('https://api.example.test/');
    expect(fetch.callsTo('/health').map((call) => [call.method, call.url])).toEqual([['GET', 'https://api.example.test/health']]);
    await unmount();
  });

  it('stays Unknown without a saved URL or argument, and checks nothing', async () => {
    const { shadow, unmount } = await openCalculator(undefined);
    expect(text(shadow.querySelector('[data-status]')!)).toBe('API status: Unknown');
    expect(fetch.callsTo('/health')).toHaveLength(0);
    await unmount();
  });
});

describe('base URL', () => {
  it('prefers the URL saved in localStorage over the argument', async () => {
    localStorage.setItem('receiptCalculator.apiBaseUrl', 'http://localhost:3000/');
    const { shadow, unmount } = await openCalculator(API);
    await click(button(shadow, 'Try Sample'));
    await nextFrame();
    expect(fetch.callsTo('/health')[0]?.url).toBe('http://localhost:3000/health');
    expect(fetch.callsTo('/api/process-text')[0]?.url).toBe('http://localhost:3000/api/process-text');
    await unmount();
  });

  it('checks health with a saved URL even without an argument', async () => {
    localStorage.setItem('receiptCalculator.apiBaseUrl', 'https://saved.example.test');
    const { unmount } = await openCalculator(undefined);
    expect(fetch.callsTo('/health')[0]?.url).toBe('https://saved.example.test/health');
    await unmount();
  });

  it('ignores a saved value that is not an http(s) URL', async () => {
    localStorage.setItem('receiptCalculator.apiBaseUrl', 'javascript:alert(1)');
    const { unmount } = await openCalculator(API);
    expect(fetch.callsTo('/health')[0]?.url).toBe(`${API}/health`);
    await unmount();
  });

  it.each(['Try Sample', 'Choose File'])('with no backend URL, %s fails with the configuration message', async (action) => {
    const { shadow, unmount } = await openCalculator(undefined);
    await accept(shadow);
    if (action === 'Try Sample') await click(button(shadow, 'Try Sample'));
    else await chooseFiles(fileInput(shadow), [receipt()]);
    const alert = errorBox(shadow);
    expect(text(alert!)).toBe('ErrorPlease configure your Railway API URL first');
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(progressbar(shadow)).toBeNull();
    await unmount();
  });
});

describe('consent gating', () => {
  it('disables Choose File and Take Photo and shows the warning until consent is given', async () => {
    const { shadow, unmount } = await openCalculator(API);
    const checkbox = consentBox(shadow);
    expect(checkbox.checked).toBe(false);
    // The checkbox is labelled by its text.
    expect(text(checkbox.closest('label')!)).toContain('I accept the privacy terms');
    expect(button(shadow, 'Choose File').disabled).toBe(true);
    expect(button(shadow, 'Take Photo').disabled).toBe(true);
    expect(fileInput(shadow).disabled).toBe(true);
    expect(photoInput(shadow).disabled).toBe(true);
    expect(text(shadow)).toContain(CONSENT_WARNING);

    await accept(shadow);
    expect(button(shadow, 'Choose File').disabled).toBe(false);
    expect(button(shadow, 'Take Photo').disabled).toBe(false);
    expect(text(shadow)).not.toContain(CONSENT_WARNING);
    await unmount();
  });

  it('ignores a drop without consent', async () => {
    const { shadow, unmount } = await openCalculator(API);
    await dropFiles(dropZone(shadow), [receipt()]);
    await settle();
    expect(fetch.callsTo('/api/process-receipt-ai')).toHaveLength(0);
    expect(progressbar(shadow)).toBeNull();
    await unmount();
  });

  it('lets Try Sample run without consent', async () => {
    const { shadow, unmount } = await openCalculator(API);
    expect(button(shadow, 'Try Sample').disabled).toBe(false);
    await click(button(shadow, 'Try Sample'));
    await nextFrame();
    await settle();
    expect(fetch.callsTo('/api/process-text')).toHaveLength(1);
    await unmount();
  });

  it('offers images and PDFs in the file picker and the rear camera for Take Photo', async () => {
    const { shadow, unmount } = await openCalculator(API);
    expect(fileInput(shadow).getAttribute('accept')).toBe('image/*,application/pdf,.pdf');
    expect(photoInput(shadow).getAttribute('accept')).toBe('image/*');
    expect(photoInput(shadow).getAttribute('capture')).toBe('environment');
    await unmount();
  });

  it('Choose File and Take Photo open their file inputs', async () => {
    const { shadow, unmount } = await openCalculator(API);
    await accept(shadow);
    const clicks = { file: 0, photo: 0 };
    fileInput(shadow).addEventListener('click', (event) => {
      event.preventDefault();
      clicks.file += 1;
    });
    photoInput(shadow).addEventListener('click', (event) => {
      event.preventDefault();
      clicks.photo += 1;
    });
    await click(button(shadow, 'Choose File'));
    await click(button(shadow, 'Take Photo'));
    expect(clicks).toEqual({ file: 1, photo: 1 });
    await unmount();
  });
});

describe('upload', () => {
  it('sends the first file as multipart `file` + `fileType` and walks the exact message sequence', async () => {
    const answer = deferred();
    const body = deferred();
    fetch.on('/api/process-receipt-ai', () => answer.promise);
    const { shadow, unmount } = await openCalculator(API);
    await accept(shadow);
    const first = receipt('kuitti.jpg', 'image/jpeg');
    await chooseFiles(fileInput(shadow), [first, receipt('second.pdf', 'application/pdf')]);
    // The first step stays until the browser has painted it; only then is the file sent.
    expect(progress(shadow)).toEqual({ message: 'Starting AI analysis...', percent: '0' });
    expect(fetch.callsTo('/api/process-receipt-ai')).toHaveLength(0);
    await nextFrame();

    const [call] = fetch.callsTo('/api/process-receipt-ai');
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe(`${API}/api/process-receipt-ai`);
    const form = call?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('kuitti.jpg');
    expect(await (form.get('file') as File).text()).toBe('receipt bytes');
    expect(form.get('fileType')).toBe('image');
    expect([...form.keys()].sort()).toEqual(['file', 'fileType']);

    expect(progress(shadow)).toEqual({ message: 'Uploading to AI server...', percent: '20' });
    expect(text(shadow)).toContain('This usually takes 10-30 seconds');
    expect(text(shadow)).toContain('File: kuitti.jpg');
    const bar = progressbar(shadow)!;
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('20% Uploading to AI server...');

    // The server has answered; its body is still on the way.
    await act(async () => answer.resolve(slowJson(analysis(), body.promise)));
    await settle();
    expect(progress(shadow)).toEqual({ message: 'AI analyzing receipt...', percent: '70' });

    await act(async () => body.resolve(new Response()));
    await settle();
    expect(progress(shadow)).toEqual({ message: 'Processing complete!', percent: '100' });
    expect(shadow.querySelector('[data-testid="result"]')).toBeNull();

    await advance(499);
    expect(shadow.querySelector('[data-testid="result"]')).toBeNull();
    await advance(1);
    expect(shadow.querySelector('[data-testid="result"]')).not.toBeNull();
    expect(progress(shadow)).toEqual({ message: 'Complete!', percent: '100' });

    await advance(499);
    expect(progressbar(shadow)).not.toBeNull();
    await advance(1);
    expect(progressbar(shadow)).toBeNull();
    await unmount();
  });

  it.each([
    ['kuitti.pdf', 'application/pdf', 'pdf'],
    ['KUITTI.PDF', '', 'pdf'],
    ['scan', 'application/pdf', 'pdf'],
    ['photo.heic', 'image/heic', 'image'],
    ['noname', '', 'image'],
  ])('sends %s (type "%s") as fileType %s', async (name, type, fileType) => {
    const { shadow, unmount } = await openCalculator(API);
    await accept(shadow);
    await chooseFiles(fileInput(shadow), [receipt(name, type)]);
    await nextFrame();
    expect((fetch.callsTo('/api/process-receipt-ai')[0]?.body as FormData).get('fileType')).toBe(fileType);
    await unmount();
  });

  it('accepts a photo from the camera input and a dropped file (first one only)', async () => {
    const { shadow, unmount } = await openCalculator(API);
    await accept(shadow);
    await chooseFiles(photoInput(shadow), [receipt('camera.jpg')]);
    await nextFrame();
    await settle();
    await advance(1000);
    await click(button(shadow, 'Scan Another Receipt'));
    await dropFiles(dropZone(shadow), [receipt('dropped.pdf', 'application/pdf'), receipt('other.jpg')]);
    await nextFrame();
    const names = fetch.callsTo('/api/process-receipt-ai').map((call) => ((call.body as FormData).get('file') as File).name);
    expect(names).toEqual(['camera.jpg', 'dropped.pdf']);
    await unmount();
  });

  it('shows the server\'s error sentence after "Failed to process with AI: "', async () => {
    fetch.on('/api/process-receipt-ai', json({ error: 'No receipt lines could be read from this image.' }, 422));
    const { shadow, unmount } = await openCalculator(API);
    await accept(shadow);
    await chooseFiles(fileInput(shadow), [receipt()]);
    await nextFrame();
    await settle();
    const alert = errorBox(shadow)!;
    expect(text(alert.querySelector('p')!)).toBe('Error');
    expect(text(alert)).toBe('ErrorFailed to process with AI: No receipt lines could be read from this image.');
    expect(progressbar(shadow)).toBeNull();
    await unmount();
  });

  it('shows "API Error: {status}" when the server gives no error field', async () => {
    fetch.on('/api/process-receipt-ai', new Response('<html>Bad gateway</html>', { status: 502 }));
    const { shadow, unmount } = await openCalculator(API);
    await accept(shadow);
    await chooseFiles(fileInput(shadow), [receipt()]);
    await nextFrame();
    await settle();
    expect(text(errorBox(shadow)!)).toBe('ErrorFailed to process with AI: API Error: 502');
    await unmount();
  });

  it('shows the configuration hint when the upload gets no HTTP answer', async () => {
    fetch.on('/api/process-receipt-ai', new TypeError('Failed to fetch'));
    const { shadow, unmount } = await openCalculator(API);
    await accept(shadow);
    await chooseFiles(fileInput(shadow), [receipt()]);
    await nextFrame();
    await settle();
    expect(text(errorBox(shadow)!)).toBe(
      'ErrorFailed to process receipt. Please check your API configuration and try again.',
    );
    await unmount();
  });

  it('shows the same hint when a 200 answer cannot be read', async () => {
    fetch.on('/api/process-receipt-ai', new Response('not json', { status: 200 }));
    const { shadow, unmount } = await openCalculator(API);
    await accept(shadow);
    await chooseFiles(fileInput(shadow), [receipt()]);
    await nextFrame();
    await settle();
    expect(text(errorBox(shadow)!)).toContain('Failed to process receipt. Please check your API configuration and try again.');
    await unmount();
  });

  it('clears the previous error when a new upload starts', async () => {
    fetch.once('/api/process-receipt-ai', json({ error: 'Too large' }, 413));
    const pending = deferred();
    fetch.once('/api/process-receipt-ai', () => pending.promise);
    const { shadow, unmount } = await openCalculator(API);
    await accept(shadow);
    await chooseFiles(fileInput(shadow), [receipt()]);
    await nextFrame();
    await settle();
    expect(errorBox(shadow)).not.toBeNull();
    await chooseFiles(fileInput(shadow), [receipt()]);
    expect(errorBox(shadow)).toBeNull();
    await nextFrame();
    expect(progress(shadow)?.percent).toBe('20');
    await unmount();
  });
});

describe('sample', () => {
  it('posts the built-in sample as JSON { text } and walks the sample sequence', async () => {
    const answer = deferred();
    fetch.on('/api/process-text', () => answer.promise);
    const { shadow, unmount } = await openCalculator(API);
    await click(button(shadow, 'Try Sample'));
    await nextFrame();

    const [call] = fetch.callsTo('/api/process-text');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(call?.body as string)).toEqual({ text: SAMPLE_RECEIPT_TEXT });
    expect(progress(shadow)).toEqual({ message: 'Testing with sample data...', percent: '0' });

    await act(async () => answer.resolve(json(analysis())));
    await settle();
    expect(progress(shadow)).toEqual({ message: 'Sample processing complete!', percent: '100' });
    await advance(500);
    expect(shadow.querySelector('[data-testid="result"]')).not.toBeNull();
    expect(progress(shadow)).toEqual({ message: 'Complete!', percent: '100' });
    await advance(500);
    expect(progressbar(shadow)).toBeNull();
    await unmount();
  });

  it('shows "Processing sample receipt..." at 50 while the answer is read', async () => {
    const body = deferred();
    fetch.on('/api/process-text', () => slowJson(analysis(), body.promise));
    const { shadow, unmount } = await openCalculator(API);
    await click(button(shadow, 'Try Sample'));
    await nextFrame();
    await settle();
    expect(progress(shadow)).toEqual({ message: 'Processing sample receipt...', percent: '50' });
    await act(async () => body.resolve(new Response()));
    await settle();
    expect(progress(shadow)?.percent).toBe('100');
    await unmount();
  });

  it.each([
    [json({}, 500), 'Sample test failed: API Error: 500'],
    [json({ error: 'The service is busy. Try again in a minute.' }, 503), 'Sample test failed: The service is busy. Try again in a minute.'],
    [new TypeError('Failed to fetch'), 'Sample test failed: No answer from the server'],
    // An answer that is not JSON, and JSON that is not an analysis: the catalogue's unreadable-answer sentence.
    [new Response('<html>Bad gateway</html>', { status: 200 }), 'Sample test failed: The server’s answer could not be read'],
    [json({ items: 'none' }), 'Sample test failed: The server’s answer could not be read'],
  ])('reports a failure as "Sample test failed: …" (%#)', async (answer, message) => {
    fetch.on('/api/process-text', answer);
    const { shadow, unmount } = await openCalculator(API);
    await click(button(shadow, 'Try Sample'));
    await nextFrame();
    await settle();
    expect(text(errorBox(shadow)!)).toBe(`Error${message}`);
    expect(progressbar(shadow)).toBeNull();
    await unmount();
  });
});

describe('result and Scan Another Receipt', () => {
  it('hides consent and upload while a result shows; Scan Another Receipt clears result and error', async () => {
    const { shadow, unmount } = await openCalculator(API);
    await accept(shadow);
    await chooseFiles(fileInput(shadow), [receipt()]);
    await nextFrame();
    await settle();
    await advance(1000);
    expect(shadow.querySelector('[data-testid="result"]')).not.toBeNull();
    expect(consentBox(shadow)).toBeNull();
    expect(dropZone(shadow)).toBeNull();
    expect(shadow.activeElement).toBe(byText(shadow, 'Your receipt’s carbon footprint', 'h2'));

    await click(button(shadow, 'Scan Another Receipt'));
    expect(shadow.querySelector('[data-testid="result"]')).toBeNull();
    expect(dropZone(shadow)).not.toBeNull();
    expect(errorBox(shadow)).toBeNull();
    // Consent stays given; focus returns to the view's heading.
    expect(consentBox(shadow).checked).toBe(true);
    expect(shadow.activeElement).toBe(byText(shadow, 'Calculate your receipt’s footprint', 'h1'));
    await unmount();
  });

  it('coming back to a calculator that still shows a result focuses the view heading, not the result', async () => {
    const { shadow, unmount } = await openCalculator(API);
    await click(button(shadow, 'Try Sample'));
    await nextFrame();
    await settle();
    await advance(1000);
    await click(button(shadow, 'Back to Home'));
    await click(button(shadow, 'Scan Your Receipt'));
    expect(shadow.querySelector('[data-testid="result"]')).not.toBeNull();
    expect(shadow.activeElement).toBe(byText(shadow, 'Calculate your receipt’s footprint', 'h1'));
    await unmount();
  });

  it('Back to Home returns to the home view and focuses its heading', async () => {
    const { shadow, unmount } = await openCalculator(API);
    await click(button(shadow, 'Back to Home'));
    expect(shadow.activeElement).toBe(byText(shadow, 'Discover the climate impact of your groceries', 'h1'));
    expect(queryByText(shadow, 'Calculate your receipt’s footprint', 'h1')).toBeNull();
    await unmount();
  });
});
