import type { RoleContext } from '../context';
import type { Executor } from '../db/pool';
import type { ChainAccess } from './client';
import type { DecodedLogs } from './decode';
import type { BlockHeader } from './store';

/** A batch the indexer has stored: its blocks, their decoded events, and when each block was mined. */
export type IndexedBatch = {
  blocks: readonly BlockHeader[];
  events: DecodedLogs;
  timeOf: (blockNumber: number) => Date;
  now: Date;
};

/**
 * What a layer above the indexer does with what it indexed (the order book ends listings, notifications announce a
 * reveal); the composition root hands the indexer its consumers, so chain/ never imports them. The hooks inside a
 * transaction run in the indexer's own, so a batch or a rollback lands whole with everything derived from it.
 */
export type ChainConsumer = {
  /** In a batch's transaction, after its blocks and events are stored. */
  stored?(db: Executor, batch: IndexedBatch): Promise<unknown>;
  /** In a rollback's transaction, after everything indexed above `ancestor` is gone. */
  rolledBack?(db: Executor, ancestor: number, now: Date): Promise<unknown>;
  /** At the start of every indexer step, before it reads new blocks. */
  beforeStep?(db: Executor, chain: ChainAccess, now: Date): Promise<unknown>;
  /** After a step stored blocks up to `head`, outside its transactions. */
  afterStep?(ctx: Pick<RoleContext, 'db' | 'chain'>, head: number): Promise<unknown>;
};
