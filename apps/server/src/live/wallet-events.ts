import { NOTIFICATION_TYPE } from '@floordesk/protocol';
import { sql } from 'drizzle-orm';
import { type Hex, zeroAddress } from 'viem';
import type { RoleContext } from '../context';
import {
  collectionNews,
  derivedUpTo,
  insertNotifications,
  type NewNotification,
  setDerivedUpTo,
} from './notifications';

/** Blocks derived per transaction: a long catch-up is split, so no transaction grows without bound. */
const BLOCKS_PER_PASS = 500;

/** Every own wallet with its user (the view `own_wallets`: the address a user signs in with, and the added ones). */
const TRACKED = sql`tracked as (select user_address, wallet from own_wallets)`;

/**
 * Derives the wallet events (types 1–7 but Listed, which the order book writes as it accepts a listing) of blocks
 * the indexer has stored since the last pass, for every user's own wallets, and writes them as notifications with
 * the cursor in one transaction. Reads of the chain (what a mint cost) happen before it. Called after each indexer
 * step; a first call starts at `upTo`, so a new deployment does not notify the whole history. Returns how many were
 * written.
 */
export async function deriveWalletEvents(ctx: Pick<RoleContext, 'db' | 'chain'>, upTo: number): Promise<number> {
  const { db } = ctx;
  let from = await derivedUpTo(db);
  if (from === undefined) {
    await setDerivedUpTo(db, upTo);
    return 0;
  }
  let written = 0;
  while (from < upTo) {
    const to = Math.min(upTo, from + BLOCKS_PER_PASS);
    const events = [...(await walletEvents(ctx, from, to)), ...(await mintOuts(ctx, from, to))];
    await db.transaction(async (tx) => {
      written += (await insertNotifications(tx, events)).length;
      await setDerivedUpTo(tx, to);
    });
    from = to;
  }
  return written;
}

/** An indexed log (a sale's item or a transfer) on one of a user's wallets. */
type ChainEventRow = {
  user_address: string;
  wallet: string;
  tx_hash: string;
  block_number: string;
  log_index: number;
  item_index: number;
  block_time: Date | string;
  collection: string;
  token_id: string;
  amount: string;
};

type SaleEventRow = ChainEventRow & {
  price_wei: string;
  payment_token: string;
  proceeds_wei: string | null;
};

type SoldRow = SaleEventRow & {
  /** How the wallet got the token: the last transfer to it before the sale. */
  acquired_tx: string | null;
  acquired_from: string | null;
  acquired_amount: string | null;
  /** What the wallet paid, when that transfer was its purchase (fees included). */
  bought_for: string | null;
  bought_token: string | null;
  /** Units minted in that transaction, when it was a mint. */
  minted_units: string | null;
};

type TransferRow = ChainEventRow & {
  from_address: string;
  to_address: string;
  minted_units: string | null;
};

type CancelRow = {
  user_address: string;
  wallet: string;
  order_hash: string;
  collection: string;
  token_id: string;
  price_wei: string;
  status_block: string;
  block_time: Date | string | null;
};

async function walletEvents(ctx: Pick<RoleContext, 'db' | 'chain'>, from: number, to: number) {
  const { db } = ctx;
  const inRange = (column: string) => sql`${sql.raw(column)} > ${from} and ${sql.raw(column)} <= ${to}`;
  const [sold, bought, moved, cancelled] = await Promise.all([
    db.execute<SoldRow>(sql`
      with ${TRACKED}
      select t.user_address, t.wallet, s.tx_hash, s.block_number, s.log_index, s.item_index, s.block_time,
             s.collection, s.token_id::text, s.amount::text, s.price_wei::text, s.payment_token,
             s.proceeds_wei::text, a.tx_hash as acquired_tx, a.from_address as acquired_from,
             a.amount::text as acquired_amount, p.price_wei::text as bought_for, p.payment_token as bought_token,
             m.units::text as minted_units
        from sales s
        join tracked t on t.wallet = s.seller
        left join lateral (
          select x.tx_hash, x.from_address, x.amount from transfers x
           where x.collection = s.collection and x.token_id = s.token_id and x.to_address = s.seller
             and (x.block_number, x.log_index) < (s.block_number, s.log_index)
           order by x.block_number desc, x.log_index desc limit 1) a on true
        left join lateral (
          select q.price_wei, q.payment_token from sales q
           where q.tx_hash = a.tx_hash and q.collection = s.collection and q.token_id = s.token_id
             and q.buyer = s.seller limit 1) p on true
        left join lateral (
          select sum(y.amount) as units from transfers y
           where a.from_address = ${zeroAddress} and y.tx_hash = a.tx_hash and y.collection = s.collection
             and y.from_address = ${zeroAddress}) m on true
       where ${inRange('s.block_number')}`),
    db.execute<SaleEventRow>(sql`
      with ${TRACKED}
      select t.user_address, t.wallet, s.tx_hash, s.block_number, s.log_index, s.item_index, s.block_time,
             s.collection, s.token_id::text, s.amount::text, s.price_wei::text, s.payment_token,
             s.proceeds_wei::text
        from sales s join tracked t on t.wallet = s.buyer
       where ${inRange('s.block_number')}`),
    // Transfers that are not part of a sale: mints, gifts, moves between wallets, burns.
    db.execute<TransferRow>(sql`
      with ${TRACKED}
      select t.user_address, t.wallet, x.tx_hash, x.block_number, x.log_index, x.item_index, x.block_time,
             x.collection, x.token_id::text, x.amount::text, x.from_address, x.to_address,
             (select sum(y.amount)::text from transfers y
               where x.from_address = ${zeroAddress} and y.tx_hash = x.tx_hash and y.collection = x.collection
                 and y.from_address = ${zeroAddress}) as minted_units
        from transfers x join tracked t on t.wallet in (x.from_address, x.to_address)
       where ${inRange('x.block_number')}
         and not exists (select 1 from sales s
                          where s.tx_hash = x.tx_hash and s.collection = x.collection and s.token_id = x.token_id)`),
    // Listings the wallet ended: cancelled, counter bumped, nonce spent by another trade, NFT moved away, approval
    // revoked (not filled or expired).
    db.execute<CancelRow>(sql`
      with ${TRACKED}
      select t.user_address, t.wallet, l.order_hash, l.collection, l.token_id::text, l.price_wei::text,
             l.status_block, b.timestamp as block_time
        from listings l
        join tracked t on t.wallet = l.offerer
        left join chain_blocks b on b.number = l.status_block
       where ${inRange('l.status_block')}
         and (l.status = 'cancelled' or (l.status = 'invalid' and l.status_reason in ('counter', 'nonce', 'transferred', 'approval')))`),
  ]);

  const mintTxs = new Set<string>();
  for (const row of sold.rows) if (row.acquired_from === zeroAddress && row.acquired_tx) mintTxs.add(row.acquired_tx);
  for (const row of moved.rows) if (row.from_address === zeroAddress) mintTxs.add(row.tx_hash);
  const mintValues = await transactionValues(ctx, [...mintTxs]);
  /** What one unit cost in a mint transaction; undefined when the chain could not say. */
  const unitMintPrice = (txHash: string, units: string | null): bigint | undefined => {
    const value = mintValues.get(txHash);
    return value === undefined || !units || BigInt(units) === 0n ? undefined : value / BigInt(units);
  };

  const events: NewNotification[] = [];
  /** Where each event happened on the chain, so they are written (and numbered) in the order they happened. */
  const order = new Map<string, [block: number, log: number, item: number]>();
  const chainEvent = (
    row: ChainEventRow,
    type: number,
    source: string,
    fields: { collection: string; tokenId: string; priceWei: string | null; profitWei?: string | null },
  ) => {
    order.set(`${row.user_address}:${source}`, [Number(row.block_number), row.log_index, row.item_index]);
    events.push({
      userAddress: row.user_address,
      type,
      wallet: row.wallet,
      collection: fields.collection,
      tokenId: fields.tokenId,
      priceWei: fields.priceWei,
      profitWei: fields.profitWei ?? null,
      title: null,
      body: null,
      txHash: row.tx_hash,
      blockNumber: Number(row.block_number),
      source,
      createdAt: new Date(row.block_time),
    });
  };
  const saleSource = (row: SaleEventRow) => `sale:${row.block_number}:${row.log_index}:${row.item_index}`;
  const transferSource = (row: TransferRow) => `transfer:${row.block_number}:${row.log_index}:${row.item_index}`;

  for (const row of sold.rows) {
    const cost = costOf(row, unitMintPrice);
    const proceeds = row.proceeds_wei === null || !isEther(row.payment_token) ? undefined : BigInt(row.proceeds_wei);
    const profit = cost === undefined || proceeds === undefined || row.amount !== '1' ? null : proceeds - cost;
    chainEvent(row, NOTIFICATION_TYPE.sold, saleSource(row), {
      collection: row.collection,
      tokenId: row.token_id,
      priceWei: row.price_wei,
      profitWei: profit === null ? null : profit.toString(),
    });
  }
  for (const row of bought.rows) {
    chainEvent(row, NOTIFICATION_TYPE.bought, saleSource(row), {
      collection: row.collection,
      tokenId: row.token_id,
      priceWei: row.price_wei,
    });
  }
  for (const row of moved.rows) {
    const fields = { collection: row.collection, tokenId: row.token_id };
    if (row.from_address === zeroAddress) {
      const unit = unitMintPrice(row.tx_hash, row.minted_units);
      const price = unit === undefined ? null : (unit * BigInt(row.amount)).toString();
      chainEvent(row, NOTIFICATION_TYPE.minted, transferSource(row), { ...fields, priceWei: price });
    } else if (row.to_address === row.wallet) {
      chainEvent(row, NOTIFICATION_TYPE.transferIn, transferSource(row), { ...fields, priceWei: null });
    }
    // A move between two wallets of the same user is both an arrival and a departure.
    if (row.from_address === row.wallet) {
      chainEvent(row, NOTIFICATION_TYPE.transferOut, transferSource(row), { ...fields, priceWei: null });
    }
  }
  for (const row of cancelled.rows) {
    order.set(`${row.user_address}:listing:${row.order_hash}`, [Number(row.status_block), Number.MAX_SAFE_INTEGER, 0]);
    events.push({
      userAddress: row.user_address,
      type: NOTIFICATION_TYPE.cancel,
      wallet: row.wallet,
      collection: row.collection,
      tokenId: row.token_id,
      priceWei: row.price_wei,
      profitWei: null,
      title: null,
      body: null,
      txHash: null,
      blockNumber: Number(row.status_block),
      source: `listing:${row.order_hash}`,
      createdAt: row.block_time === null ? new Date() : new Date(row.block_time),
    });
  }
  const position = (event: NewNotification) => order.get(`${event.userAddress}:${event.source}`) ?? [0, 0, 0];
  return events.toSorted((a, b) => {
    const [x, y] = [position(a), position(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || a.type - b.type;
  });
}

/**
 * Collections whose mints in these blocks reached the cap their contract states: news for everyone (1001), once per
 * collection. ERC-721 only, where each minted token is one row of `tokens`.
 */
async function mintOuts({ db }: Pick<RoleContext, 'db'>, from: number, to: number): Promise<NewNotification[]> {
  const { rows } = await db.execute<{ collection: string; block_number: string; block_time: Date | string }>(sql`
    with minted as (
      select collection, max(block_number) as block_number, max(block_time) as block_time from transfers
       where from_address = ${zeroAddress} and block_number > ${from} and block_number <= ${to}
       group by collection)
    select m.collection, m.block_number, m.block_time from minted m
      join collections c on c.address = m.collection
     where c.standard = 'erc721' and c.max_supply > 0
       and (select count(*) from tokens t where t.collection = m.collection) >= c.max_supply`);
  return rows.map((row) =>
    collectionNews({
      collection: row.collection,
      kind: 'mint_out',
      source: `mint_out:${row.collection}`,
      blockNumber: Number(row.block_number),
      at: new Date(row.block_time),
    }),
  );
}

/**
 * What the wallet paid for the token it sold, fees included: the price of the purchase that brought it in, or what
 * one unit cost in the mint that did; undefined when it arrived otherwise (a transfer from elsewhere) or in another
 * currency.
 */
function costOf(row: SoldRow, unitMintPrice: (txHash: string, units: string | null) => bigint | undefined) {
  if (row.bought_for !== null && row.bought_token !== null) {
    return isEther(row.bought_token) && row.acquired_amount === '1' ? BigInt(row.bought_for) : undefined;
  }
  if (row.acquired_from === zeroAddress && row.acquired_tx) return unitMintPrice(row.acquired_tx, row.minted_units);
  return undefined;
}

function isEther(token: string): boolean {
  return token === zeroAddress;
}

/** The ETH each transaction sent; a transaction the node cannot return is left out (its cost reads as unknown). */
async function transactionValues(
  { chain }: Pick<RoleContext, 'chain'>,
  hashes: readonly string[],
): Promise<Map<string, bigint>> {
  const values = new Map<string, bigint>();
  await Promise.all(
    hashes.map(async (hash) => {
      const transaction = await chain.client.getTransaction({ hash: hash as Hex }).catch(() => undefined);
      if (transaction) values.set(hash, transaction.value);
    }),
  );
  return values;
}
