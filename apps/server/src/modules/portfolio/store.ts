import { sql } from 'drizzle-orm';
import { zeroAddress } from 'viem';
import type { Executor } from '../../db/pool';
import { fillableAt } from '../../market/listings/fillable';
import type { Catalog, WalletMove } from './fold';

type MoveRow = {
  tx_hash: string;
  at_ms: string;
  collection: string;
  token_id: string;
  amount: string;
  from_address: string;
  to_address: string;
  price_wei: string | null;
  proceeds_wei: string | null;
  sender: string | null;
  value_wei: string | null;
  gas_wei: string | null;
};

/**
 * Every transfer into or out of `wallets`, oldest first, with the ETH sale it carried out and its transaction's
 * sender, value and gas: both wallet indexes of transfers, then primary-key lookups. Names and pictures come apart
 * (`walletCatalog`), once per token rather than once per move.
 */
export async function walletMoves(db: Executor, wallets: readonly string[]): Promise<WalletMove[]> {
  const own = sql`${sql.param(wallets)}::text[]`;
  const { rows } = await db.execute<MoveRow>(sql`
    select t.tx_hash, (extract(epoch from t.block_time) * 1000)::bigint as at_ms, t.collection, t.token_id::text,
           t.amount::text, t.from_address, t.to_address, s.price_wei::text, s.proceeds_wei::text,
           x.from_address as sender, x.value_wei::text, (x.gas_used * x.effective_gas_price_wei)::text as gas_wei
      from transfers t
      left join lateral (
        select s.price_wei, s.proceeds_wei from sales s
         where s.collection = t.collection and s.block_number = t.block_number and s.tx_hash = t.tx_hash
           and s.token_id = t.token_id and s.seller = t.from_address and s.buyer = t.to_address
           and s.payment_token = ${zeroAddress}
         limit 1) s on true
      left join chain_transactions x on x.tx_hash = t.tx_hash
     where t.to_address = any(${own}) or t.from_address = any(${own})
     order by t.block_number, t.log_index, t.item_index`);
  return rows.map((row) => ({
    txHash: row.tx_hash,
    atMs: Number(row.at_ms),
    collection: row.collection,
    tokenId: row.token_id,
    amount: BigInt(row.amount),
    from: row.from_address,
    to: row.to_address,
    priceWei: row.price_wei === null ? null : BigInt(row.price_wei),
    proceedsWei: row.proceeds_wei === null ? null : BigInt(row.proceeds_wei),
    sender: row.sender,
    valueWei: row.value_wei === null ? 0n : BigInt(row.value_wei),
    gasWei: row.gas_wei === null ? 0n : BigInt(row.gas_wei),
  }));
}

/**
 * Names, pictures and floors of what `wallets` ever held, read beside `walletMoves` rather than after it: per
 * collection its name, picture and floor per unit (the cheapest fillable listing, what a buyer pays), per token its
 * name and picture.
 */
export async function walletCatalog(db: Executor, wallets: readonly string[], now: Date): Promise<Catalog> {
  const own = sql`${sql.param(wallets)}::text[]`;
  const held = sql`select collection, token_id from transfers where to_address = any(${own}) or from_address = any(${own})`;
  const [collections, tokens] = await Promise.all([
    db.execute<{ address: string; name: string | null; image_url: string | null; floor: string | null }>(sql`
      select c.address, c.name, c.image_url,
             (select min(div(l.price_wei, l.amount)) from listings l
               where l.collection = c.address and ${fillableAt(sql`${now}::timestamptz`, 'l')})::text as floor
        from collections c where c.address in (select collection from (${held}) h)`),
    db.execute<{ collection: string; token_id: string; name: string | null; image_url: string | null }>(sql`
      select k.collection, k.token_id::text, k.name, k.image_url from tokens k
       where (k.collection, k.token_id) in (${held})`),
  ]);
  return {
    collections: new Map(
      collections.rows.map((row) => [
        row.address,
        { name: row.name, imageUrl: row.image_url, floor: row.floor === null ? null : BigInt(row.floor) },
      ]),
    ),
    tokens: new Map(
      tokens.rows.map((row) => [`${row.collection}:${row.token_id}`, { name: row.name, imageUrl: row.image_url }]),
    ),
  };
}
