// PostgreSQL for tests: DATABASE_URL points at a server where we may create databases
// (scripts/postgres.sh starts a throwaway one). Each suite gets its own fresh database, dropped
// afterwards. Without DATABASE_URL the PostgreSQL suites skip with one loud line, unless
// REQUIRE_POSTGRES=1 (CI), where a missing server is a failure.
import { randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';

export const POSTGRES_URL = process.env.DATABASE_URL?.trim() || null;
const REQUIRED = process.env.REQUIRE_POSTGRES === '1';

/** true when the PostgreSQL suites run; prints the notice when they do not. */
export function postgresAvailable(suite: string): boolean {
  if (POSTGRES_URL) return true;
  if (REQUIRED) throw new Error(`REQUIRE_POSTGRES=1 but DATABASE_URL is not set: ${suite} cannot run.`);
  console.warn(
    `\n*** SKIPPED: ${suite} needs PostgreSQL. Start one with: eval "$(scripts/postgres.sh start)" (or set DATABASE_URL) ***\n`,
  );
  return false;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!POSTGRES_URL) throw new Error('DATABASE_URL is not set.');
  const name = `receipt_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(POSTGRES_URL, name),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A TCP relay in front of the database that the test can cut and restore, as a network
 * failure or a database restart would: open connections are dropped, new ones refused.
 */
export interface CuttableLink {
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function cuttableLink(targetUrl: string): Promise<CuttableLink> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((incoming) => {
        const outgoing = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [incoming, outgoing]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            incoming.destroy();
            outgoing.destroy();
          });
        }
        incoming.pipe(outgoing).pipe(incoming);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        const address = next.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  await listen();
  const url = new URL(targetUrl);
  url.host = `127.0.0.1:${port}`;
  return { url: url.toString(), cut: stop, restore: listen, close: stop };
}
