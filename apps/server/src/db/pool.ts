import { DrizzleQueryError, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DatabaseError, Pool, type PoolClient, type QueryResult } from 'pg';
import * as schema from './schema';

/**
 * The one way the application reaches PostgreSQL: drizzle over the pool, its query builder where it fits and raw SQL
 * through `db.execute` with drizzle's `sql` template where it does not. The pool itself stays in this folder.
 */
export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle: stores accept it wherever they accept the database, so callers choose atomicity. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/**
 * A row as `execute` returns it when `T`'s columns `K` are timestamps: drizzle hands node-postgres' raw rows over but
 * keeps timestamps (and dates, intervals) as PostgreSQL's text, such as '2030-01-01 00:00:00+00'; `new Date(text)`
 * reads one.
 */
export type TimestampsAsText<T, K extends keyof T> = Omit<T, K> & { [P in K]: Exclude<T[P], Date> | string };

const dialect = new PgDialect();

/**
 * `execute` as a named prepared statement (drizzle's `execute` takes no name; its session's `prepareQuery` does):
 * PostgreSQL parses it once per connection and, with `plan_cache_mode = force_generic_plan`, plans it once too. For
 * hot reads whose plan does not depend on their values; one name stands for one SQL text (arrays travel as one
 * parameter each, so the text does not depend on them).
 */
export function executePrepared<Row extends Record<string, unknown>>(
  db: Executor,
  name: string,
  query: SQL,
): Promise<QueryResult<Row>> {
  return db._.session
    .prepareQuery<{ execute: QueryResult<Row>; all: unknown; values: unknown }>(
      dialect.sqlToQuery(query),
      undefined,
      name,
      false,
    )
    .execute();
}

/**
 * Runs SQL text with positional parameters ($1, $2…) through drizzle's session, in `db`'s transaction when it is
 * one: how pg-boss writes its job rows inside ours (it speaks SQL text, not drizzle's `sql`).
 */
export function queryText(db: Executor, text: string, values: unknown[]): Promise<QueryResult> {
  return db._.session
    .prepareQuery<{ execute: QueryResult; all: unknown; values: unknown }>(
      { sql: text, params: values },
      undefined,
      undefined,
      false,
    )
    .execute();
}

export type DatabaseConnection = { pool: Pool; db: Database };

export function connectDatabase(url: string, onIdleError: (error: Error) => void): DatabaseConnection {
  const pool = new Pool({ connectionString: url, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (a database restart) emits here; unhandled, it would end the process.
  // Once end() is called it is expected: end() resolves before the clients' sockets close, so stopping the
  // database right after can still reach them.
  pool.on('error', (error) => {
    if (!pool.ending) onIdleError(error);
  });
  return { pool, db: drizzle(pool, { schema }) };
}

/**
 * Runs `work` holding a session-level advisory lock on `key`, on a client of its own that `work` may use: processes
 * that would race (migrations, queue setup) run one after the other instead. Pool-based on purpose: a session-level
 * lock belongs to one connection, which must stay checked out from lock to unlock, and drizzle hands out a dedicated
 * connection only for the length of a transaction.
 */
export async function withAdvisoryLock<T>(
  pool: Pool,
  key: bigint,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key.toString()]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key.toString()]);
    }
  } finally {
    client.release();
  }
}

/** A session-level advisory lock held on a connection of its own. */
export type HeldLock = {
  release(): void;
  /** Closes the connection instead of returning it to the pool (it may be what broke); the lock ends with it. */
  discard(): void;
};

/**
 * Takes the advisory lock `key` if no session holds it, and keeps it until released (see withAdvisoryLock for why
 * on a pool connection): one process of several elects itself this way, the others stand by.
 */
export async function tryAdvisoryLock(pool: Pool, key: bigint): Promise<HeldLock | undefined> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      key.toString(),
    ]);
    if (rows[0]?.locked) return heldOn(client);
  } catch (error) {
    client.release(true);
    throw error;
  }
  client.release();
  return undefined;
}

/**
 * A held lock's connection sits checked out and idle, where the pool no longer listens for its errors: one that
 * breaks (the database stopping) would emit an 'error' nobody handles, which ends the process. The lock ends with
 * the connection, and it goes back to the pool once.
 */
function heldOn(client: PoolClient): HeldLock {
  let broken: Error | undefined;
  let released = false;
  client.on('error', (error) => {
    broken ??= error;
  });
  const giveBack = (discard: boolean) => {
    if (released) return;
    released = true;
    client.release(broken ?? discard);
  };
  return { release: () => giveBack(false), discard: () => giveBack(true) };
}

/** PostgreSQL's SQLSTATE for a unique constraint refusing a row. */
const UNIQUE_VIOLATION = '23505';

/** Whether a query failed because a unique constraint refused its row (drizzle wraps the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof DrizzleQueryError && error.cause instanceof DatabaseError && error.cause.code === UNIQUE_VIOLATION
  );
}
