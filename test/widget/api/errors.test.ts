// A refusal's answer as the client reads it: the server's sentence and code, or its status; and
// how long the server asked to wait (`Retry-After`), which a batch of receipts honours.
import { describe, expect, it } from 'vitest';
import { failureFromResponse, retryAfterSeconds } from '../../../src/widget/api/errors.ts';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('Retry-After', () => {
  it('reads seconds and HTTP dates; anything else is no wait given', () => {
    const now = Date.parse('2025-11-04T10:00:00Z');
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds(' 0 ', now)).toBe(0);
    expect(retryAfterSeconds('Tue, 04 Nov 2025 10:00:30 GMT', now)).toBe(30);
    // A date already past is no wait at all, never a negative one.
    expect(retryAfterSeconds('Tue, 04 Nov 2025 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds('-5', now)).toBeNull();
  });

  it('travels with the failure of a 429 and a 503, beside the server’s own sentence', async () => {
    const limited = await failureFromResponse(
      answer(429, { error: 'Too many receipts from your address in a short time.', code: 'rate-limited' }, { 'Retry-After': '12' }),
    );
    expect(limited.reason).toEqual({ kind: 'server', message: 'Too many receipts from your address in a short time.', code: 'rate-limited' });
    expect(limited.retryAfterSeconds).toBe(12);
    expect(limited.retryable).toBe(true);
    const busy = await failureFromResponse(answer(503, null, { 'Retry-After': '3' }));
    expect(busy.reason).toEqual({ kind: 'status', status: 503 });
    expect(busy.retryAfterSeconds).toBe(3);
    const unreadable = await failureFromResponse(answer(422, { error: 'Nothing readable.' }));
    expect(unreadable.retryAfterSeconds).toBeNull();
    expect(unreadable.retryable).toBe(false);
  });
});
