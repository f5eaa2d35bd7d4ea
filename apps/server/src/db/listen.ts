import type { Pool, PoolClient } from 'pg';

export type Listener = { stop(): Promise<void> };

/** How long to wait before listening again after the connection broke. */
const RELISTEN_DELAY_MS = 1000;

/**
 * LISTENs on a PostgreSQL channel over one dedicated connection and hands each NOTIFY payload to `onPayload`. A
 * broken connection is replaced after a second: payloads sent in between are missed (they are notifications of
 * rows that stay in the database, which the reader can still query). Resolves once the first LISTEN is in place.
 */
export async function listen(
  pool: Pool,
  channel: string,
  onPayload: (payload: string) => void,
  onError: (error: Error) => void,
): Promise<Listener> {
  let stopped = false;
  let client: PoolClient | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const connection = await pool.connect();
    connection.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    connection.on('error', (error) => {
      onError(error);
      connection.release(true);
      if (client === connection) client = undefined;
      if (!stopped) retry = setTimeout(reconnect, RELISTEN_DELAY_MS);
    });
    // Identifiers cannot be bound as parameters; the channel names are our own constants.
    await connection.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    client = connection;
  };
  const reconnect = () => {
    connect().catch((error: unknown) => {
      onError(error instanceof Error ? error : new Error(String(error)));
      if (!stopped) retry = setTimeout(reconnect, RELISTEN_DELAY_MS);
    });
  };

  await connect();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const connection = client;
      client = undefined;
      if (connection) {
        await connection.query(`UNLISTEN *`).catch(() => {});
        connection.release();
      }
    },
  };
}
