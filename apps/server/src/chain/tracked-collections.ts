import { sql } from 'drizzle-orm';
import type { Executor } from '../db/pool';
import type { ChainContracts } from './chain-contracts';

/**
 * The collections whose token events the indexer asks for, by address: those the chain's table names from the first
 * block (the devnet's) and those the database knows (`collections`, which every stored transfer fills), grown in
 * memory as a read finds new ones in the range's sales, so the next range reads their transfers too.
 */
export class TrackedCollections {
  private readonly addresses: Set<string>;

  private constructor(addresses: Iterable<string>) {
    this.addresses = new Set(addresses);
  }

  /** What the chain's table and the database know now. */
  static async load(db: Executor, contracts: ChainContracts): Promise<TrackedCollections> {
    const { rows } = await db.execute<{ address: string }>(sql`select address from collections`);
    return new TrackedCollections([...(contracts.collections ?? []), ...rows.map((row) => row.address)]);
  }

  /** Only these (tests, tools). */
  static of(addresses: Iterable<string>): TrackedCollections {
    return new TrackedCollections(addresses);
  }

  has(address: string): boolean {
    return this.addresses.has(address);
  }

  add(addresses: Iterable<string>): void {
    for (const address of addresses) this.addresses.add(address);
  }

  /** The collections tracked now, a copy. */
  snapshot(): Set<string> {
    return new Set(this.addresses);
  }
}
