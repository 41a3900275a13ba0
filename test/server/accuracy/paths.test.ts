// The one paths module: the names point where they say, and a real-data check without the
// shared data says so in one loud line rather than passing in silence.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FIXTURE_RECEIPTS, REPO_ROOT, SHARED_DATA, SHARED_PRODUCTS, SHARED_RECEIPTS, sharedDataPresent } from '../../../scripts/paths.ts';

describe('scripts/paths.ts', () => {
  it('names the repository, its corpus and the shared data beside it', () => {
    expect(existsSync(join(REPO_ROOT, 'package.json'))).toBe(true);
    expect(existsSync(join(FIXTURE_RECEIPTS, 'manifest.csv'))).toBe(true);
    expect(SHARED_DATA).toBe(join(REPO_ROOT, '..', 'shared', 'data'));
    expect(SHARED_RECEIPTS.startsWith(SHARED_DATA)).toBe(true);
    expect(SHARED_PRODUCTS.startsWith(SHARED_DATA)).toBe(true);
  });

  it('says once, loudly, that a real-data check was skipped', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const missing = join(REPO_ROOT, 'no-such-shared-folder');
      expect(sharedDataPresent(missing, 'a check on data that is not there')).toBe(false);
      expect(sharedDataPresent(missing, 'a check on data that is not there')).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/^!! REAL-DATA CHECK SKIPPED: a check on data that is not there/);
      expect(sharedDataPresent(REPO_ROOT, 'a check on data that is there')).toBe(true);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });
});
