import { defineConfig } from 'vitest/config';

// Three projects: the widget in happy-dom, the backend in Node, and the browser tests
// (real Chromium against the real server). `npm test` runs them through scripts/test.ts.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'widget',
          include: ['test/widget/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/widget/support/setup.ts'],
          // Let Vite load styled-components (not Node), so the alias below applies to it.
          server: { deps: { inline: ['styled-components'] } },
        },
        resolve: {
          // styled-components' Node build injects no global styles (createGlobalStyle renders
          // nothing): load its browser build by path, as the `browser` condition alone does not.
          conditions: ['browser'],
          alias: [
            {
              find: /^styled-components$/,
              replacement: 'styled-components/dist/styled-components.browser.esm.js',
            },
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // The result shows half a second after the answer (spec §4); on a loaded two-core
          // machine the page can take longer than expect.poll's default second to paint it.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
