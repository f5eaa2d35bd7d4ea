import { FLIPPER_RULE } from '@floordesk/protocol';
import { indexedHead } from '../chain/store';
import { flippersComputedAt, recomputeFlippers } from '../modules/flippers/store';
import type { Job, JobContext } from './job';

/** The indexer counts as caught up this close to the node's head: the list should not miss the chain's history. */
const CAUGHT_UP_BLOCKS = 5;
/** After a pass that found nobody, the next waits this long rather than the day a list waits. */
const EMPTY_RETRY_MS = 10 * 60_000;

let emptyPassAt: number | undefined;

/**
 * Recomputes the high-win-rate flippers once a day (FLIPPER_RULE), and at start when the list is missing or a day
 * old, but only once the indexer has caught up with the node: a list computed over half the history would stand for
 * a day. It looks every minute whether a pass is due.
 */
export const flippersJob: Job = {
  name: 'flippers',
  schedule: { everySeconds: 60 },
  run: async (ctx) => {
    const now = ctx.now();
    if (!(await due(ctx, now))) return { skipped: 'fresh' };
    if (!(await indexerCaughtUp(ctx))) return { skipped: 'indexer behind the node' };
    const flippers = await recomputeFlippers(ctx.db, now);
    emptyPassAt = flippers === 0 ? now.getTime() : undefined;
    return { flippers };
  },
};

async function due({ db }: Pick<JobContext, 'db'>, now: Date): Promise<boolean> {
  const computedAt = await flippersComputedAt(db);
  if (computedAt) return now.getTime() - computedAt.getTime() >= FLIPPER_RULE.recomputeHours * 3_600_000;
  return emptyPassAt === undefined || now.getTime() - emptyPassAt >= EMPTY_RETRY_MS;
}

async function indexerCaughtUp({ db, chain }: Pick<JobContext, 'db' | 'chain'>): Promise<boolean> {
  const [stored, head] = await Promise.all([indexedHead(db), chain.client.getBlockNumber()]);
  return stored >= 0 && stored >= Number(head) - CAUGHT_UP_BLOCKS;
}
