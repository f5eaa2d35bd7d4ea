import { FLIPPER_RULE } from '@floordesk/protocol';
import { sql } from 'drizzle-orm';
import { zeroAddress } from 'viem';
import type { Database, Executor } from '../../db/pool';
import { MINUTE_MS } from '../../time';

const DAY_MS = 24 * 60 * MINUTE_MS;

export type FlipperRecord = {
  address: string;
  trades: number;
  collections: number;
  wins: number;
  profit_wei: string;
  computed_at: Date;
};

/**
 * Recomputes the high-win-rate flippers (FLIPPER_RULE) over the window ending at `now` in one pass, and replaces the
 * `flippers` table with them in one transaction, so a reader sees the previous list or the new one, never a mix.
 *
 * Per wallet and token, its buys (sales with it as buyer; mints whose transaction is indexed, at the mint price:
 * the transaction's value shared over the items it minted) and its sells (sales with it as seller) are ordered on
 * the chain; a sell inside the window right after a buy of the same token is a round trip. Its profit is what the
 * seller received after marketplace fee and royalty (the price for old rows that lack it) minus the price paid,
 * fees included, minus the gas of the buy and of the sell when the wallet sent that transaction, each shared over
 * the items the transaction traded or minted. A sell after a sell (the token came back as a gift) pairs with
 * nothing. Returns how many wallets qualified.
 */
export async function recomputeFlippers(db: Database, now: Date): Promise<number> {
  const start = new Date(now.getTime() - FLIPPER_RULE.windowDays * DAY_MS);
  // The items a transaction traded or minted, which its gas (and a mint's value) is shared over; by block first,
  // the tables' keys, since neither has an index on the hash.
  const saleItems = sql`(select count(*) from sales x where x.block_number = s.block_number and x.tx_hash = s.tx_hash)`;
  const mintItems = sql`(select count(*) from transfers m
                          where m.block_number = t.block_number and m.tx_hash = t.tx_hash
                            and m.from_address = ${zeroAddress})`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from flippers`);
    const { rowCount } = await tx.execute(sql`
      with sold as (
        select distinct seller as wallet, collection, token_id from sales
         where block_time > ${start} and block_time <= ${now}
      ),
      moves as (
        select s.seller as wallet, s.collection, s.token_id, s.block_number, s.log_index, s.item_index, s.block_time,
               s.tx_hash, 'sell' as side, coalesce(s.proceeds_wei, s.price_wei) as amount, ${saleItems} as items
          from sales s join sold k on k.wallet = s.seller and k.collection = s.collection and k.token_id = s.token_id
         where s.block_time <= ${now}
        union all
        select s.buyer, s.collection, s.token_id, s.block_number, s.log_index, s.item_index, s.block_time,
               s.tx_hash, 'buy', s.price_wei, ${saleItems}
          from sales s join sold k on k.wallet = s.buyer and k.collection = s.collection and k.token_id = s.token_id
         where s.block_time <= ${now}
        union all
        select t.to_address, t.collection, t.token_id, t.block_number, t.log_index, t.item_index, t.block_time,
               t.tx_hash, 'buy', ct.value_wei / ${mintItems}, ${mintItems}
          from transfers t
          join sold k on k.wallet = t.to_address and k.collection = t.collection and k.token_id = t.token_id
          join chain_transactions ct on ct.tx_hash = t.tx_hash
         where t.from_address = ${zeroAddress} and t.block_time <= ${now}
      ),
      gassed as (
        select moves.*, coalesce(ct.gas_used * ct.effective_gas_price_wei / moves.items, 0) as gas_wei
          from moves left join chain_transactions ct on ct.tx_hash = moves.tx_hash and ct.from_address = moves.wallet
      ),
      paired as (
        select *, lag(side) over w as prev_side, lag(amount) over w as paid, lag(gas_wei) over w as buy_gas
          from gassed
        window w as (partition by wallet, collection, token_id order by block_number, log_index, item_index)
      ),
      trips as (
        select wallet, collection, amount - paid - buy_gas - gas_wei as profit
          from paired
         where side = 'sell' and prev_side = 'buy' and block_time > ${start}
      )
      insert into flippers (address, trades, collections, wins, profit_wei, computed_at)
      select wallet, count(*), count(distinct collection), count(*) filter (where profit > 0), sum(profit), ${now}
        from trips
       group by wallet
      having count(*) > ${FLIPPER_RULE.minTradesExclusive}
         and count(distinct collection) > ${FLIPPER_RULE.minCollectionsExclusive}
         and count(*) filter (where profit > 0) * 100 > ${FLIPPER_RULE.minWinRateExclusive} * count(*)`);
    return rowCount ?? 0;
  });
}

/** When the list was last computed; undefined before the first pass or while nobody qualified. */
export async function flippersComputedAt(db: Executor): Promise<Date | undefined> {
  const { rows } = await db.execute<{ at: Date | string | null }>(sql`select max(computed_at) as at from flippers`);
  const at = rows[0]?.at;
  return at ? new Date(at) : undefined;
}

/** The list, most wins first. */
export async function flipperList(db: Executor): Promise<FlipperRecord[]> {
  const { rows } = await db.execute<FlipperRecord & { computed_at: Date | string }>(sql`
    select address, trades, collections, wins, profit_wei::text, computed_at
      from flippers order by wins desc, trades desc, address`);
  return rows.map((row) => ({ ...row, computed_at: new Date(row.computed_at) }));
}

/** Which of these (lowercased) addresses are flippers. */
export async function flipperAddresses(db: Executor, addresses: readonly string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const { rows } = await db.execute<{ address: string }>(sql`
    select address from flippers where address = any(${sql.param([...new Set(addresses)])}::text[])`);
  return new Set(rows.map((row) => row.address));
}
