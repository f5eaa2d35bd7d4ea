import { z } from 'zod';
import { UintString } from './market';
import { MARKETPLACES } from './marketplaces';

const Block = z.object({ number: z.number().int(), hash: z.string(), timestamp: z.number().int() });

export const SimulatorState = z.object({
  /** `off` when SIMULATOR=off or not on the devnet. */
  state: z.enum(['off', 'starting', 'running', 'stopped']),
  bots: z.number().int(),
  /** Target rate of trader actions per minute. */
  rate_per_min: z.number(),
  /** Actions done since start, by kind (mint, list, cancel, reprice, buy, sweep, transfer). */
  actions: z.record(z.string(), z.number().int()),
  /** The collection currently in a burst of activity, if any. */
  hot_collection: z.string().nullable(),
  last_action_at: z.string().nullable(),
});
export type SimulatorState = z.infer<typeof SimulatorState>;

const RecentSale = z.object({
  collection: z.string(),
  name: z.string().nullable(),
  token_id: UintString,
  price_wei: UintString,
  marketplace: z.enum(MARKETPLACES).nullable(),
  block_number: z.number().int(),
  tx_hash: z.string(),
  timestamp: z.number().int(),
});

/**
 * `GET /api/diagnostics`: a fixed operational interface that other tools read, plain JSON rather than the API
 * envelope, like /healthz. Counts are totals; `listings` counts the active ones.
 */
/** A marketplace API connector's state: its last answer and failure (unix seconds), and what its last round stored. */
export const ConnectorState = z.object({
  name: z.string(),
  ok_at: z.number().int().nullable(),
  failed_at: z.number().int().nullable(),
  failure: z.string().nullable(),
  /** Failures in a row; 0 once it answers again. */
  failures: z.number().int(),
  /** Not asked again before then. */
  backoff_until: z.number().int().nullable(),
  listings_stored: z.number().int(),
  listings_refused: z.number().int(),
});

export const Diagnostics = z.object({
  chain_id: z.number().int(),
  head: Block.nullable(),
  cursor: Block.nullable(),
  lag_blocks: z.number().int().nullable(),
  sales: z.number().int(),
  transfers: z.number().int(),
  listings: z.number().int(),
  /** Pending transactions that would fill a listed order. */
  pending: z.number().int(),
  collections: z.number().int(),
  /** Users with a heartbeat (or sign-in) in the last 10 minutes. */
  online_users: z.number().int(),
  simulator: SimulatorState,
  recent_sales: z.array(RecentSale),
  /** The marketplace APIs read for listings; none without their keys (the devnet's). */
  connectors: z.array(ConnectorState),
});
export type Diagnostics = z.infer<typeof Diagnostics>;
