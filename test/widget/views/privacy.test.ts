// The privacy view: effective date, every section, contact, and the way back.
import { describe, expect, it } from 'vitest';
import { API } from '../support/fixtures.ts';
import { useFakeBackend } from '../support/environment.ts';
import { button, byText, click, mount, settle, text } from '../support/widget.ts';

useFakeBackend({ status: 'ok', openai_configured: false });

describe('privacy view', () => {
  it('opens from the footer, focuses its heading and carries every section', async () => {
    const { shadow, unmount } = await mount(API);
    await settle();
    await click(button(shadow, 'Privacy Policy'));
    const heading = byText(shadow, 'Privacy Policy', 'h1');
    expect(shadow.activeElement).toBe(heading);
    const all = text(shadow);
    expect(all).toContain('Effective date: January 15, 2025');
    const sections = [...shadow.querySelectorAll('h2')].map(text);
    expect(sections).toEqual([
      'Data we process',
      'AI processing disclosure',
      'How we use data',
      'Data security',
      'Your rights under the GDPR',
      'What is kept on your device',
      'Contact',
    ]);
    // What "Save to this device" keeps, and that it stays in the browser.
    expect(all).toContain('It is never sent to the service or anywhere else');
    // Remembered corrections: what, where, and that the service keeps none of it.
    expect(all).toContain('the line’s name and your correction are kept in the same place');
    expect(all).toContain('Nothing of it is stored on the service');
    expect(all).toContain('the numbers of adults and children are kept there as well and never sent anywhere');
    // What the backend really does.
    expect(all).toContain('never written to disk');
    expect(all).toContain('text recognition (OCR) that runs on the service’s own server');
    expect(all).toContain('Only when the operator of the service has configured an OpenAI key');
    expect(all).toContain('the time of the analysis, the total kg CO2e, the number of items and the reading method');
    for (const right of ['access', 'corrected or deleted', 'withdraw your consent']) expect(all).toContain(right);
    expect(byText<HTMLAnchorElement>(shadow, 'privacy@example.fi', 'a').href).toBe('mailto:privacy@example.fi');
    expect(byText<HTMLAnchorElement>(shadow, 'https://example.fi/', 'a').href).toBe('https://example.fi/');
    await unmount();
  });

  it('goes back to where it was opened from', async () => {
    const { shadow, unmount } = await mount(API);
    await settle();
    await click(button(shadow, 'Scan Your Receipt'));
    await click(button(shadow, 'Read the Privacy Policy'));
    expect(byText(shadow, 'Privacy Policy', 'h1')).toBeTruthy();
    await click(button(shadow, 'Back'));
    expect(shadow.activeElement).toBe(byText(shadow, 'Calculate your receipt’s footprint', 'h1'));

    await click(button(shadow, 'Back to Home'));
    await click(button(shadow, 'Privacy Policy'));
    await click(button(shadow, 'Back'));
    expect(shadow.activeElement).toBe(byText(shadow, 'Discover the climate impact of your groceries', 'h1'));
    await unmount();
  });
});
