import { Client, type Pool } from 'pg';

type Spent = { ms: number; count: number; slowest: { ms: number; text: string; values: unknown[] } };

/**
 * Times every statement this process sends while recording (pg's Client.prototype.query, so statements inside
 * transactions too), grouped under a label: the first pattern the statement's text matches, else its first words.
 * Each label keeps its slowest statement, for `explain` to show how PostgreSQL ran it.
 */
export function profileQueries(labels: readonly (readonly [label: string, pattern: RegExp])[]) {
  let recording = false;
  let current = new Map<string, Spent>();
  const prototype = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  const labelOf = (text: string) =>
    labels.find(([, pattern]) => pattern.test(text))?.[0] ?? text.replace(/\s+/g, ' ').trim().slice(0, 60);
  prototype.query = function query(this: unknown, ...args: unknown[]) {
    if (!recording) return original.apply(this, args);
    const [first, second] = args;
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    const values = Array.isArray(second) ? second : ((first as { values?: unknown[] } | undefined)?.values ?? []);
    const start = performance.now();
    const record = () => {
      const ms = performance.now() - start;
      const label = labelOf(text);
      const entry = current.get(label) ?? { ms: 0, count: 0, slowest: { ms: -1, text, values } };
      entry.ms += ms;
      entry.count++;
      if (ms > entry.slowest.ms) entry.slowest = { ms, text, values };
      current.set(label, entry);
    };
    // pg.Pool's query passes a callback; drizzle's transactions await the promise.
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      return original.apply(this, [
        ...args.slice(0, -1),
        (...answer: unknown[]) => {
          record();
          return (callback as (...answer: unknown[]) => unknown)(...answer);
        },
      ]);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(record, record);
    return result;
  };
  return {
    start() {
      recording = true;
      current = new Map();
    },
    /** What was recorded since `start()`, and stops recording. */
    take(): Map<string, Spent> {
      recording = false;
      return current;
    },
    stop() {
      recording = false;
      prototype.query = original;
    },
  };
}

/** How PostgreSQL runs a statement now: EXPLAIN (ANALYZE, BUFFERS) of it with its values. */
export async function explain(pool: Pool, statement: { text: string; values: unknown[] }): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${statement.text}`,
    statement.values,
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
