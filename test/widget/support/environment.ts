// The common test set-up: fake timers, a clean page and storage, and a fake backend that
// answers /health and /stats, replaced before each test and removed after it.
import { afterEach, beforeEach, vi } from 'vitest';
import type { HealthResponse } from '../../../src/contract.ts';
import { STATS } from './fixtures.ts';
import { installFakeFetch, json, type FakeFetch } from './fake-fetch.ts';

export function useFakeBackend(health: HealthResponse = { status: 'ok', openai_configured: true }): FakeFetch {
  let current: FakeFetch | undefined;
  const fake = (): FakeFetch => {
    if (!current) throw new Error('The fake backend exists only inside a test.');
    return current;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    current = installFakeFetch();
    current.on('/health', json(health));
    current.on('/stats', json(STATS));
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    current = undefined;
  });

  return {
    get calls() {
      return fake().calls;
    },
    on: (path, answer) => fake().on(path, answer),
    once: (path, answer) => fake().once(path, answer),
    callsTo: (path) => fake().callsTo(path),
  };
}
