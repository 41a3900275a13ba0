// `npm start`'s first step: build the widget only when dist/ is missing or older than a source
// (scripts/build/bundle-freshness.ts names them), so a second start begins at once.
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../paths.ts';
import { buildIfStale } from './bundle-freshness.ts';

const { built } = buildIfStale(REPO_ROOT, (why) => {
  console.log(`Building the widget: dist/ is ${why}.`);
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
});
if (!built) console.log('The widget in dist/ is newer than its sources: no build needed.');
