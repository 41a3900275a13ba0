// Where the browser tests find Chromium and how they start it. Debian's package is the one
// expected here (`npx playwright install` needs a download); CHROMIUM_PATH points elsewhere.
import { existsSync } from 'node:fs';

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = [env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => Boolean(path && existsSync(path))) ?? null;
}

/** Quiet, deterministic flags: no sandbox (containers run as root), no GPU, no calls home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Identical pixels for identical layouts: screenshots are compared byte for byte.
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
];
