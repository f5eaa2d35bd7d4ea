import type { SaleProtocol } from '@floordesk/protocol';
import { sql } from 'drizzle-orm';
import {
  AbiDecodingZeroDataError,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  type Hex,
  parseAbi,
} from 'viem';
import type { Executor } from '../db/pool';
import type { ChainAccess } from './client';
import type { PoolRegistry } from './decode';

/**
 * sudoswap v1's factory tells a pool by its variant (enumerable or not, ETH or ERC-20), which the pool states itself
 * (`pairVariant`); the factory then checks the pool's code is its clone of that variant's template, so a pool lying
 * about its variant is denied. v2's factory answers for any pool (`isValidPair`).
 */
const V1_POOL = parseAbi(['function pairVariant() pure returns (uint8)']);
const V1_FACTORY = parseAbi(['function isPair(address potentialPair, uint8 variant) view returns (bool)']);
const V2_FACTORY = parseAbi(['function isValidPair(address pairAddress) view returns (bool)']);

export type PoolRef = { protocol: SaleProtocol; pool: string };

/**
 * The AMM pools their factories created, and the contracts they did not: `amm_pools`, owned by this module. A pool
 * the factory announced (`NewPair`, `NewERC721Pair`, `NewERC1155Pair`) is stored when read; a contract that emits a
 * swap and is not stored is asked of its protocol's factory once, and the answer (yes or no) stored, so each costs
 * one call ever. The answers hold on every branch of the chain: a factory deploys its pools with CREATE, so no
 * contract but the factory's pool can ever stand at a pool's address, and a contract whose code is not a clone
 * cannot become one; a rollback leaves them.
 */
export class StoredPools {
  private readonly answers = new Map<string, boolean>();

  constructor(
    private readonly db: Executor,
    private readonly chain: ChainAccess,
  ) {}

  /** The pools known to be their factory's, for the decoders. */
  known(): PoolRegistry {
    return { has: (protocol, pool) => this.answers.get(keyOf({ protocol, pool })) === true };
  }

  /** Stores the pools their factory announced, then settles every pool in `swapping` not known yet. */
  async learn(
    announced: ReadonlyArray<PoolRef & { blockNumber: number }>,
    swapping: readonly PoolRef[],
  ): Promise<void> {
    const fresh = announced.filter((pool) => this.answers.get(keyOf(pool)) !== true);
    if (fresh.length > 0) {
      await this.db.execute(sql`
        insert into amm_pools (protocol, address, factory_made, announced_block)
        select * from unnest(${sql.param(fresh.map((pool) => pool.protocol))}::text[],
                             ${sql.param(fresh.map((pool) => pool.pool))}::text[],
                             ${sql.param(fresh.map(() => true))}::boolean[],
                             ${sql.param(fresh.map((pool) => pool.blockNumber))}::bigint[])
        on conflict (protocol, address) do update
          set factory_made = true, announced_block = coalesce(amm_pools.announced_block, excluded.announced_block)`);
      for (const pool of fresh) this.answers.set(keyOf(pool), true);
    }
    const unknown = unique(swapping.filter((pool) => !this.answers.has(keyOf(pool))));
    if (unknown.length === 0) return;
    const { rows } = await this.db.execute<{ protocol: SaleProtocol; address: string; factory_made: boolean }>(sql`
      select p.protocol, p.address, p.factory_made from amm_pools p
        join unnest(${sql.param(unknown.map((pool) => pool.protocol))}::text[],
                    ${sql.param(unknown.map((pool) => pool.pool))}::text[]) as u(protocol, address)
          on p.protocol = u.protocol and p.address = u.address`);
    for (const row of rows) this.answers.set(keyOf({ protocol: row.protocol, pool: row.address }), row.factory_made);
    const asked = unknown.filter((pool) => !this.answers.has(keyOf(pool)));
    if (asked.length === 0) return;
    const verdicts = await Promise.all(asked.map((pool) => this.askFactory(pool)));
    await this.db.execute(sql`
      insert into amm_pools (protocol, address, factory_made)
      select * from unnest(${sql.param(asked.map((pool) => pool.protocol))}::text[],
                           ${sql.param(asked.map((pool) => pool.pool))}::text[],
                           ${sql.param(verdicts)}::boolean[])
      on conflict (protocol, address) do nothing`);
    asked.forEach((pool, i) => this.answers.set(keyOf(pool), verdicts[i]!));
  }

  /** Whether a factory of the pool's protocol the chain lists made it; a contract that cannot answer is not a pool. */
  private async askFactory({ protocol, pool }: PoolRef): Promise<boolean> {
    const { client, contracts } = this.chain;
    const factories = contracts.exchanges.filter((exchange) => exchange.protocol === protocol);
    for (const factory of factories) {
      const made = await notAPool(async () => {
        if (protocol === 'sudoswap-v2') {
          return client.readContract({
            address: factory.address,
            abi: V2_FACTORY,
            functionName: 'isValidPair',
            args: [pool as Hex],
          });
        }
        const variant = await client.readContract({ address: pool as Hex, abi: V1_POOL, functionName: 'pairVariant' });
        return client.readContract({
          address: factory.address,
          abi: V1_FACTORY,
          functionName: 'isPair',
          args: [pool as Hex, variant],
        });
      });
      if (made) return true;
    }
    return false;
  }
}

/** A call the contract reverted or answered with nothing is a no; a failing node is the caller's error (retried). */
async function notAPool(ask: () => Promise<boolean>): Promise<boolean> {
  try {
    return await ask();
  } catch (error) {
    const refused =
      error instanceof BaseError &&
      error.walk(
        (cause) =>
          cause instanceof ContractFunctionRevertedError ||
          cause instanceof ContractFunctionZeroDataError ||
          cause instanceof AbiDecodingZeroDataError,
      ) !== null;
    if (refused) return false;
    throw error;
  }
}

function keyOf({ protocol, pool }: PoolRef): string {
  return `${protocol}:${pool}`;
}

function unique(pools: readonly PoolRef[]): PoolRef[] {
  return [...new Map(pools.map((pool) => [keyOf(pool), pool])).values()];
}
