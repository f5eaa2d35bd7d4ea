import type { AppContext } from '../../context';
import { LAST_SEEN_RESOLUTION_MS, type LiveSession, type Session } from './store';

/**
 * How long a session found live is trusted without asking the database again. Every authenticated call checks its
 * session, and a database round trip each time held the polled trending endpoint to about half the throughput the
 * api-load bench asks for. The trade-off: a logout on this process evicts the session here at once, but a logout
 * served by another API process (or a session revoked in the database) keeps working here until its entry lapses,
 * for up to this long. An entry never outlives the session's expiry or its next last-seen write.
 */
export const SESSION_CACHE_MS = 5_000;
/** Past this many entries, lapsed ones are dropped (and every one, if none had lapsed): memory stays bounded. */
const MAX_ENTRIES = 10_000;

type Entry = { session: Session; until: number };

/** One cache per server: tests run several, each with its own database and clock. */
const caches = new WeakMap<AppContext, Map<string, Entry>>();

function cacheOf(ctx: AppContext): Map<string, Entry> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  return cache;
}

const keyOf = (secretHash: string, address: string) => `${secretHash}:${address}`;

export function cachedSession(ctx: AppContext, secretHash: string, address: string, now: Date): Session | undefined {
  const entry = cacheOf(ctx).get(keyOf(secretHash, address));
  return entry && entry.until > now.getTime() ? entry.session : undefined;
}

export function cacheSession(ctx: AppContext, secretHash: string, live: LiveSession, now: Date): Session {
  const cache = cacheOf(ctx);
  if (cache.size >= MAX_ENTRIES) {
    for (const [key, entry] of cache) if (entry.until <= now.getTime()) cache.delete(key);
    if (cache.size >= MAX_ENTRIES) cache.clear();
  }
  const session = { id: live.id, address: live.address };
  const until = Math.min(
    now.getTime() + SESSION_CACHE_MS,
    live.expiresAt.getTime(),
    live.seenAt.getTime() + LAST_SEEN_RESOLUTION_MS,
  );
  cache.set(keyOf(secretHash, live.address), { session, until });
  return session;
}

export function evictSession(ctx: AppContext, sessionId: string): void {
  const cache = cacheOf(ctx);
  for (const [key, entry] of cache) if (entry.session.id === sessionId) cache.delete(key);
}
