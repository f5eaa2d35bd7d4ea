import { sql } from 'drizzle-orm';
import { readConnectorListings } from '../market/connectors/read-listings';
import type { Job } from './job';

/** Collections a round reads: the most traded of the last hour, then the watchlisted. */
const COLLECTIONS_PER_ROUND = 20;

/**
 * Reads the configured marketplace APIs' cheapest listings of the collections traders look at into the order book
 * (`readConnectorListings`): the most traded in the last hour and those on a watchlist. Nothing runs without a
 * connector (no marketplace key, as on the devnet, whose bots post their listings themselves).
 */
export const marketplaceListingsJob: Job = {
  name: 'marketplace-listings',
  schedule: { everySeconds: 30 },
  run: async (ctx) => {
    if (ctx.listingConnectors.length === 0) return;
    const since = new Date(ctx.now().getTime() - 3_600_000);
    const { rows } = await ctx.db.execute<{ collection: string }>(sql`
      select collection from (
        select collection, 0 as rank_group, sum(trades) as weight
          from collection_stats_1m where minute >= ${since} group by collection having sum(trades) > 0
        union all
        select collection, 1, count(*) from watchlist group by collection
      ) wanted group by collection order by min(rank_group), max(weight) desc limit ${COLLECTIONS_PER_ROUND}`);
    const collections = rows.map((row) => row.collection);
    for (const connector of ctx.listingConnectors) {
      const round = await readConnectorListings(ctx, connector, collections);
      if (!round.skipped && round.failure)
        ctx.log.warn({ connector: connector.name, failure: round.failure }, 'marketplace API failed; backing off');
    }
  },
};
