import { sql } from 'drizzle-orm';
import type { ChainAccess } from '../../chain/client';
import { lookupEnsNames } from '../../chain/ens';
import type { Executor } from '../../db/pool';

/** A looked-up name (or its absence) is trusted this long; then the chain is asked again. */
export const ENS_CACHE_MS = 6 * 60 * 60_000;
/** The chain is asked about at most this many addresses per call, and for at most this long. */
const LOOKUPS_PER_CALL = 100;
const LOOKUP_TIMEOUT_MS = 2000;

type EnsContext = { db: Executor; chain?: ChainAccess | undefined; now: () => Date };

/**
 * Verified ENS names of addresses (lowercased), null for those without one. Answered from `ens_names`; unknown and
 * stale addresses are looked up on the chain (a bounded number, within a time limit) and cached. When the chain
 * cannot answer in time, what the cache holds is answered (stale or null) and nothing is written.
 */
export async function ensNames(ctx: EnsContext, addresses: readonly string[]): Promise<Map<string, string | null>> {
  const wanted = [...new Set(addresses.map((address) => address.toLowerCase()))];
  const names = new Map<string, string | null>();
  if (wanted.length === 0) return names;
  const now = ctx.now();
  const { rows } = await ctx.db.execute<{ address: string; name: string | null; fresh: boolean }>(sql`
    select address, name, checked_at > ${new Date(now.getTime() - ENS_CACHE_MS)} as fresh
      from ens_names where address = any(${sql.param(wanted)}::text[])`);
  const fresh = new Set<string>();
  for (const row of rows) {
    names.set(row.address, row.name);
    if (row.fresh) fresh.add(row.address);
  }
  const toLookUp = wanted.filter((address) => !fresh.has(address)).slice(0, LOOKUPS_PER_CALL);
  if (ctx.chain && toLookUp.length > 0) {
    const found = await withTimeout(lookupEnsNames(ctx.chain, toLookUp), LOOKUP_TIMEOUT_MS).catch(() => undefined);
    if (found) {
      await ctx.db.execute(sql`
        insert into ens_names (address, name, checked_at)
        select address, name, ${now} from unnest(${sql.param([...found.keys()])}::text[],
                                                 ${sql.param([...found.values()])}::text[]) as f(address, name)
        on conflict (address) do update set name = excluded.name, checked_at = excluded.checked_at`);
      for (const [address, name] of found) names.set(address, name);
    }
  }
  for (const address of wanted) if (!names.has(address)) names.set(address, null);
  return names;
}

export async function ensName(ctx: EnsContext, address: string): Promise<string | null> {
  return (await ensNames(ctx, [address])).get(address.toLowerCase()) ?? null;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
