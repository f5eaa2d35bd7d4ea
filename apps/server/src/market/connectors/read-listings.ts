import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type OrderBookContext, submitListing } from '../listings/submit';
import type { ListingConnector } from './marketplace-api';

/** Listings asked per collection and round: the original app's aggregator page of 20. */
export const LISTINGS_PER_COLLECTION = 20;
const FIRST_BACKOFF_MS = 15_000;
const LONGEST_BACKOFF_MS = 30 * 60_000;

export type ConnectorRound = { skipped: true } | { skipped: false; stored: number; refused: number; failure?: string };

/**
 * One round of a connector over `collections`, unless it is backing off: each collection's cheapest listings, each
 * through the order book's own checks (`submitListing`), so a listing is stored only if it could be filled now. The
 * first failure (an error status, a 429, a timeout, an answer of the wrong shape) ends the round and stores nothing
 * of that answer; the connector then backs off, doubling from 15 s to 30 min, or for as long as a 429 asks.
 */
export async function readConnectorListings(
  ctx: OrderBookContext,
  connector: ListingConnector,
  collections: readonly string[],
): Promise<ConnectorRound> {
  const now = ctx.now();
  const { rows } = await ctx.db.execute<{ failures: number; backoff_until: string | null }>(sql`
    insert into marketplace_connectors (name) values (${connector.name})
    on conflict (name) do update set name = excluded.name
    returning failures, backoff_until`);
  const state = rows[0]!;
  if (state.backoff_until && new Date(state.backoff_until) > now) return { skipped: true };
  let stored = 0;
  let refused = 0;
  for (const collection of collections) {
    const answer = await connector.cheapestListings(collection, LISTINGS_PER_COLLECTION);
    if (!answer.ok) {
      const backoffMs =
        answer.retryAfterMs ?? Math.min(LONGEST_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.min(state.failures, 10));
      await ctx.db.execute(sql`
        update marketplace_connectors
           set failed_at = ${now}, failure = ${answer.failure}, failures = failures + 1,
               backoff_until = ${new Date(now.getTime() + backoffMs)}
         where name = ${connector.name}`);
      return { skipped: false, stored, refused, failure: answer.failure };
    }
    // An API answering more than was asked gets no more checks (each costs chain reads) than was asked.
    for (const listing of answer.listings.slice(0, LISTINGS_PER_COLLECTION)) {
      const result = await submitListing(ctx, listing);
      if (result.ok) stored++;
      else refused++;
    }
  }
  await ctx.db.execute(sql`
    update marketplace_connectors
       set ok_at = ${now}, failure = null, failures = 0, backoff_until = null,
           listings_stored = ${stored}, listings_refused = ${refused}
     where name = ${connector.name}`);
  return { skipped: false, stored, refused };
}

/** Each connector's state, for diagnostics. */
export async function connectorStates(ctx: Pick<AppContext, 'db'>) {
  const { rows } = await ctx.db.execute<{
    name: string;
    ok_at: string | null;
    failed_at: string | null;
    failure: string | null;
    failures: number;
    backoff_until: string | null;
    listings_stored: number;
    listings_refused: number;
  }>(sql`select * from marketplace_connectors order by name`);
  return rows;
}
