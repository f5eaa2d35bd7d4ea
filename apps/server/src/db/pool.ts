import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool, type PoolClient } from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema> & { $client: Pool };
/** A transaction handle: stores accept it wherever they accept the database, so callers choose atomicity. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

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
 * Runs `work` in one transaction on a dedicated client: the raw-SQL paths (bulk ingest, the order book) use this
 * where drizzle's query builder cannot pass arrays as single parameters.
 */
export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Runs `work` holding a session-level advisory lock on `key`, on a client of its own that `work` may use: processes
 * that would race (migrations, queue setup) run one after the other instead.
 */
export async function withAdvisoryLock<T>(pool: Pool, key: bigint, work: (client: PoolClient) => Promise<T>): Promise<T> {
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
