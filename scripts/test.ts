// `npm test`: type-check, lint, build the widget, then run the unit, server and browser tests.
// Browser tests need Chromium; without it they are skipped loudly, unless REQUIRE_BROWSER=1.
import { spawnSync } from 'node:child_process';
import { findChromium } from '../test/e2e/support/chromium.ts';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
run('npm', ['run', 'lint', '--silent']);
run('npm', ['run', 'build', '--silent']);
run('npx', ['vitest', 'run', '--project', 'widget', '--project', 'server']);

const chromium = findChromium();
if (chromium) {
  run('npx', ['vitest', 'run', '--project', 'e2e'], { ...process.env, CHROMIUM_PATH: chromium });
} else if (process.env.REQUIRE_BROWSER === '1') {
  console.error('\nREQUIRE_BROWSER=1 but no Chromium was found (set CHROMIUM_PATH). Failing.');
  process.exit(1);
} else {
  const bar = '!'.repeat(72);
  console.warn(`\n${bar}\n!! BROWSER TESTS SKIPPED: no Chromium at CHROMIUM_PATH or /usr/bin/chromium.\n!! Install it (apt-get install -y chromium) or set REQUIRE_BROWSER=1 to fail instead.\n${bar}\n`);
}
