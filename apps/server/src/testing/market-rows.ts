import { ORDER_WAY, type Marketplace } from '@floordesk/protocol';
import type { Pool } from 'pg';

/**
 * Rows of the market tables written straight into the test database, for tests of what the API reads from them.
 * Only the columns a test cares about are asked for; the rest get plausible values.
 */

export async function insertCollection(
  pool: Pool,
  address: string,
  fields: {
    standard?: 'erc721' | 'erc1155';
    totalSupply?: number | null;
    name?: string;
    verified?: boolean;
    imageUrl?: string;
    /** Not stale unless asked: the ranks a test writes are the collection's ranks. */
    rarityStale?: boolean;
  } = {},
): Promise<void> {
  await pool.query(
    `insert into collections (address, name, symbol, standard, total_supply, image_url, verified, info_status,
                              rarity_stale, first_seen_block)
     values ($1, $2, $3, $4, $5, $6, $7, 'ok', $8, 1)`,
    [
      address,
      fields.name ?? `Collection ${address.slice(2, 8)}`,
      'TEST',
      fields.standard ?? 'erc721',
      fields.totalSupply === undefined ? 10_000 : fields.totalSupply,
      fields.imageUrl ?? null,
      fields.verified ?? false,
      fields.rarityStale ?? false,
    ],
  );
}

export type TokenRow = {
  id: number;
  owner?: string | null;
  rank?: number | null;
  flagged?: boolean;
  image?: string | null;
  metadataStatus?: 'pending' | 'ok' | 'failed';
};

export async function insertTokens(pool: Pool, collection: string, tokens: readonly TokenRow[]): Promise<void> {
  await pool.query(
    `insert into tokens (collection, token_id, owner, rarity_rank, flagged, image_url, metadata_status)
     select $1, * from unnest($2::numeric[], $3::text[], $4::int[], $5::boolean[], $6::text[], $7::text[])`,
    [
      collection,
      tokens.map((t) => t.id),
      tokens.map((t) => t.owner ?? null),
      tokens.map((t) => t.rank ?? null),
      tokens.map((t) => t.flagged ?? false),
      tokens.map((t) => t.image ?? null),
      tokens.map((t) => t.metadataStatus ?? 'ok'),
    ],
  );
}

export async function insertTraits(
  pool: Pool,
  collection: string,
  traits: readonly { id: number; type: string; value: string; kind?: 'string' | 'number' | 'date' }[],
): Promise<void> {
  await pool.query(
    `insert into token_traits (collection, token_id, trait_type, value, kind)
     select $1, * from unnest($2::numeric[], $3::text[], $4::text[], $5::text[])`,
    [
      collection,
      traits.map((t) => t.id),
      traits.map((t) => t.type),
      traits.map((t) => t.value),
      traits.map((t) => t.kind ?? 'string'),
    ],
  );
}

let orderNumber = 0;

/** A listing; by default active, started a minute before `at` and ending an hour after it. */
export async function insertListing(
  pool: Pool,
  collection: string,
  tokenId: number,
  priceWei: bigint,
  at: Date,
  fields: {
    status?: string;
    startTime?: Date;
    endTime?: Date;
    createdAt?: Date;
    marketplace?: Marketplace;
    offerer?: string;
    /** The exchange the order is signed for; mainnet's Seaport 1.6 unless told. */
    exchange?: string;
    /** A LooksRare v2 order's nonces; a Seaport order without them. */
    looksRare?: { orderNonce: bigint; subsetNonce: bigint; askNonce: bigint };
  } = {},
): Promise<string> {
  orderNumber += 1;
  const orderHash = `0x${orderNumber.toString(16).padStart(64, '0')}`;
  const marketplace = fields.marketplace ?? 'opensea';
  await pool.query(
    `insert into listings (order_hash, collection, token_id, amount, offerer, price_wei, marketplace, order_way,
                           protocol, protocol_address, operator, counter, order_nonce, subset_nonce, start_time,
                           end_time, parameters, signature, status, created_at, updated_at)
     values ($1, $2, $3, 1, $4, $5, $6, $7, $13, $8, $8, $14, $15, $16, $9, $10, '{}', '0x', $11, $12, $12)`,
    [
      orderHash,
      collection,
      tokenId,
      fields.offerer ?? '0x00000000000000000000000000000000000000aa',
      priceWei.toString(),
      marketplace,
      ORDER_WAY[marketplace],
      fields.exchange ?? '0x0000000000000068f116a894984e2db1123eb395',
      fields.startTime ?? new Date(at.getTime() - 60_000),
      fields.endTime ?? new Date(at.getTime() + 3_600_000),
      fields.status ?? 'active',
      fields.createdAt ?? at,
      fields.looksRare ? 'looksrare-v2' : 'seaport',
      (fields.looksRare?.askNonce ?? 0n).toString(),
      fields.looksRare?.orderNonce.toString() ?? null,
      fields.looksRare?.subsetNonce.toString() ?? null,
    ],
  );
  return orderHash;
}

export async function insertPendingBuy(
  pool: Pool,
  collection: string,
  tokenId: number,
  txHash: string,
  at: Date,
  priorityFeeWei?: bigint,
) {
  await pool.query(
    `insert into pending_buys (tx_hash, collection, token_id, buyer, seen_at, priority_fee_wei)
     values ($1, $2, $3, '0x00000000000000000000000000000000000000bb', $4, $5)`,
    [txHash, collection, tokenId, at, priorityFeeWei?.toString() ?? null],
  );
}

/** One per-minute rollup row; `minute` is an ISO time on a minute boundary. */
export async function insertRollup(
  pool: Pool,
  collection: string,
  minute: string,
  fields: { trades?: number; volumeWei?: bigint; floorWei?: bigint | null },
): Promise<void> {
  await pool.query(
    `insert into collection_stats_1m (collection, minute, trades, volume_wei, floor_wei) values ($1, $2, $3, $4, $5)`,
    [collection, minute, fields.trades ?? 0, (fields.volumeWei ?? 0n).toString(), fields.floorWei?.toString() ?? null],
  );
}

export async function insertSale(
  pool: Pool,
  collection: string,
  sale: {
    block: number;
    logIndex?: number;
    tokenId: number;
    priceWei: bigint;
    time: Date;
    marketplace?: Marketplace;
    buyer?: string;
    seller?: string;
  },
): Promise<void> {
  await pool.query(
    `insert into sales (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                        price_wei, payment_token, buyer, seller, marketplace, protocol, order_hash)
     values ($1, $2, 0, $3, $4, $5, $6, 1, $7, '0x0000000000000000000000000000000000000000', $9, $10, $8,
             case when $8 = 'looks' then 'looksrare-v2' else 'seaport' end, $1)`,
    [
      `0x${sale.block.toString(16).padStart(64, '0')}`,
      sale.logIndex ?? 0,
      sale.block,
      sale.time,
      collection,
      sale.tokenId,
      sale.priceWei.toString(),
      sale.marketplace ?? 'opensea',
      sale.buyer ?? '0x00000000000000000000000000000000000000b1',
      sale.seller ?? '0x00000000000000000000000000000000000000c1',
    ],
  );
}

let transferBlocks = 0;

/** Transfers in blocks of their own, in the order given. */
export async function insertTransfers(
  pool: Pool,
  collection: string,
  transfers: readonly { tokenId: number; amount: number; from: string; to: string }[],
): Promise<void> {
  await pool.query(
    `insert into transfers (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                            from_address, to_address)
     select '0x' || lpad(to_hex($6::int + i::int), 64, '0'), 0, 0, $6::int + i, now(), $1, token_id, amount, from_address,
            to_address
       from unnest($2::numeric[], $3::numeric[], $4::text[], $5::text[])
            with ordinality as t(token_id, amount, from_address, to_address, i)`,
    [
      collection,
      transfers.map((t) => t.tokenId),
      transfers.map((t) => t.amount),
      transfers.map((t) => t.from),
      transfers.map((t) => t.to),
      transferBlocks,
    ],
  );
  transferBlocks += transfers.length;
}
