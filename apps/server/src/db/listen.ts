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
  let current: { connection: PoolClient; drop(error?: Error): void } | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const connection = await pool.connect();
    // A connection that breaks emits 'error' more than once (PostgreSQL's message, then the socket's end), and the
    // pool throws when a client is released twice: it goes back once, and the listener stays to absorb the rest.
    let released = false;
    const drop = (error?: Error) => {
      if (released) return;
      released = true;
      if (current?.connection === connection) current = undefined;
      connection.release(error);
    };
    connection.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    connection.on('error', (error) => {
      if (released) return;
      drop(error);
      if (stopped) return;
      onError(error);
      retry = setTimeout(reconnect, RELISTEN_DELAY_MS);
    });
    try {
      // Identifiers cannot be bound as parameters; the channel names are our own constants.
      await connection.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    if (stopped) drop();
    else current = { connection, drop };
  };
  const reconnect = () => {
    connect().catch((error: unknown) => {
      if (stopped) return;
      onError(error instanceof Error ? error : new Error(String(error)));
      retry = setTimeout(reconnect, RELISTEN_DELAY_MS);
    });
  };

  await connect();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const listening = current;
      if (!listening) return;
      // A connection that failed to UNLISTEN (the database stopping) is closed, not handed to the next query.
      await listening.connection.query('UNLISTEN *').then(
        () => listening.drop(),
        (error: Error) => listening.drop(error),
      );
    },
  };
}
