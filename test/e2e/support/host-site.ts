// A tiny web site of its own, on another origin than the backend, that embeds the built
// widget the way an editor of the main site would: a script tag for the UMD bundle and one
// mount call. Each test registers the pages it needs (with their own headers, e.g. a CSP).
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from './server.ts';

export const UMD_BUNDLE_PATH = '/dist/receipt-calculator.umd.js';
/** The files beside the bundle that it loads itself (My receipts' body). */
const BESIDE_BUNDLE = /^\/dist\/receipt-calculator\.[\w.-]+\.js$/;

export interface HostPage {
  html: string;
  headers?: Record<string, string>;
}

export interface HostSite {
  /** e.g. http://127.0.0.1:40000 */
  readonly origin: string;
  /** Serves `page` at `path` (replacing what was there) and returns its full URL. */
  add(path: string, page: HostPage): string;
  close(): Promise<void>;
}

export async function startHostSite(): Promise<HostSite> {
  const pages = new Map<string, HostPage>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host.invalid').pathname;
    const page = pages.get(path);
    if (page) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...page.headers });
      response.end(page.html);
      return;
    }
    if (path === UMD_BUNDLE_PATH || BESIDE_BUNDLE.test(path)) {
      readFile(join(REPO_ROOT, path))
        .then((bundle) => {
          response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
          response.end(bundle);
        })
        .catch(() => {
          response.writeHead(404).end();
        });
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    add(path, page) {
      pages.set(path, page);
      return `${origin}${path}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface EmbedOptions {
  /** The backend's base URL passed to mountReceiptCalculator. */
  api: string;
  /** Extra CSS of the host page (e.g. hostile rules); none by default. */
  css?: string;
  /** Ids of the elements to mount a widget into; one by default. */
  hosts?: string[];
  /** A CSP nonce for the page's own script and style elements. */
  nonce?: string;
  /** The third argument of mountReceiptCalculator (e.g. `{ nonce }`). */
  mountOptions?: Record<string, unknown>;
  /** Inline style of each host element (the embedder's own container). */
  hostStyle?: string;
}

/** An embedding page; `window.widgets[id]` holds each mount's handle. */
export function embedPage(options: EmbedOptions): string {
  const hosts = options.hosts ?? ['receipt-calculator'];
  const nonceAttribute = options.nonce ? ` nonce="${options.nonce}"` : '';
  const mountOptions = options.mountOptions ? JSON.stringify(options.mountOptions) : 'undefined';
  const style = options.hostStyle ? ` style="${options.hostStyle}"` : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Embedding page</title>
    ${options.css ? `<style${nonceAttribute}>${options.css}</style>` : ''}
  </head>
  <body>
    <main>
      ${hosts.map((id) => `<div id="${id}"${style}></div>`).join('\n      ')}
    </main>
    <script src="${UMD_BUNDLE_PATH}"${nonceAttribute}></script>
    <script${nonceAttribute}>
      window.widgets = {};
      for (const id of ${JSON.stringify(hosts)}) {
        window.widgets[id] = ReceiptCalculator.mountReceiptCalculator(
          document.getElementById(id),
          ${JSON.stringify(options.api)},
          ${mountOptions},
        );
      }
    </script>
  </body>
</html>`;
}
