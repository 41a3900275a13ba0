// Versioned schema of the PostgreSQL statistics. Every instance runs this at start; an advisory
// lock held for the transaction lets exactly one apply each step while the others wait and then
// find nothing left to do. Steps are only ever appended.
import type { PoolClient } from 'pg';

export const POSTGRES_MIGRATIONS: readonly string[] = [
  // 1: receipt rows (numbers only), rollups per Helsinki day, running totals.
  `
  CREATE TABLE receipts (
    processed_at timestamptz NOT NULL,
    total_kg double precision NOT NULL CHECK (total_kg >= 0),
    item_count integer NOT NULL CHECK (item_count >= 0),
    method text NOT NULL
  );
  CREATE INDEX receipts_processed_at ON receipts (processed_at);
  CREATE TABLE receipt_days (
    day date PRIMARY KEY,
    receipts bigint NOT NULL,
    total_kg double precision NOT NULL
  );
  CREATE TABLE receipt_totals (
    id smallint PRIMARY KEY CHECK (id = 1),
    receipts bigint NOT NULL,
    total_kg double precision NOT NULL
  );
  INSERT INTO receipt_totals (id, receipts, total_kg) VALUES (1, 0, 0);
  `,
];

/** Any number: it only has to be the same in every instance. */
const MIGRATION_LOCK = 4_915_013;

/** Applies the steps not yet applied; returns the schema version now in force. */
export async function migratePostgres(client: PoolClient): Promise<number> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
    let version = rows[0]?.version ?? 0;
    for (; version < POSTGRES_MIGRATIONS.length; version += 1) {
      await client.query(POSTGRES_MIGRATIONS[version]!);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version + 1]);
    }
    await client.query('COMMIT');
    return version;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
