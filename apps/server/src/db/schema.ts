import {
  type AlertRule,
  type AlertType,
  EXCHANGE_PROTOCOLS,
  type ExchangeProtocol,
  type GasSettingsData,
  type PromotionOffer,
  SALE_PROTOCOLS,
  type SaleProtocol,
  type SweepItem,
  type SweepOutcomeName,
} from '@floordesk/protocol';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Addresses are stored lowercased (the spec's identity); see normalizeAddress. */
export const users = pgTable('users', {
  address: text('address').primaryKey(),
  createdAt: timestamptz('created_at').notNull(),
  lastLoginAt: timestamptz('last_login_at').notNull(),
  /** The user's identity (IDENTITY in billing-rules.ts): it decides their price; '0' is an ordinary user. */
  identity: text('identity').notNull().default('0'),
  /** The partner community of a community manager or member (identities 2 and 4): its price is theirs. */
  communityId: integer('community_id').references(() => communities.id),
  /** The last heartbeat (or sign-in): a user is online within ONLINE_WINDOW_MS of it. */
  lastSeenAt: timestamptz('last_seen_at'),
});

/**
 * The wallets a user added on /my, beside the address they sign in with (which is always theirs and not stored
 * here). Their events notify the user, and sweeps never buy from them.
 */
export const userWallets = pgTable(
  'user_wallets',
  {
    userAddress: text('user_address')
      .notNull()
      .references(() => users.address),
    address: text('address').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  // By address: whose wallets does an indexed event touch.
  (table) => [
    primaryKey({ columns: [table.userAddress, table.address] }),
    index('user_wallets_address_idx').on(table.address),
  ],
);

/**
 * Every user's own wallets as one relation: the address they sign in with, and the ones they added. Defined in
 * migration 0008 (drizzle only reads it): what the wallet-event derivation joins a batch's events against.
 */
export const ownWallets = pgView('own_wallets', {
  userAddress: text('user_address').notNull(),
  wallet: text('wallet').notNull(),
}).existing();

/**
 * Names from ENS, verified both ways (the reverse record names it and its forward record points back); `name` is
 * null when the address has none. Looked up again once `checkedAt` is older than the cache's lifetime.
 */
export const ensNames = pgTable('ens_names', {
  address: text('address').primaryKey(),
  name: text('name'),
  checkedAt: timestamptz('checked_at').notNull(),
});

/** Sign-in nonces: each is issued for one address and domain, and consumed by one successful login. */
export const authNonces = pgTable('auth_nonces', {
  nonce: text('nonce').primaryKey(),
  address: text('address').notNull(),
  /** The EIP-4361 text issued with this nonce; a login must sign exactly it. */
  message: text('message').notNull(),
  issuedAt: timestamptz('issued_at').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    address: text('address')
      .notNull()
      .references(() => users.address),
    /** sha256 (hex) of the session secret `sign_num`; the secret itself is never stored. */
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
  },
  // Backs the foreign key and "sessions of this user" (sign out everywhere).
  (table) => [index('sessions_address_idx').on(table.address)],
);

// ---- Chain and market (single chain per database; amounts in wei as numeric(78,0), read as strings) ----

/** A uint256 (token ids, amounts in wei). */
const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0 });

/**
 * The indexer's cursor: the blocks it has ingested, with their hashes, so a reorg is found by comparing parent
 * hashes and undone back to the common ancestor. The highest row is the cursor; old rows are pruned.
 */
export const chainBlocks = pgTable('chain_blocks', {
  number: bigint('number', { mode: 'number' }).primaryKey(),
  hash: text('hash').notNull(),
  parentHash: text('parent_hash').notNull(),
  timestamp: timestamptz('timestamp').notNull(),
});

/**
 * Each marketplace API connector's state (`market/connectors`, which owns it): when it last answered and failed, why,
 * how many failures in a row, when it may be asked again, and what its last round brought. Diagnostics serve it.
 */
export const marketplaceConnectors = pgTable('marketplace_connectors', {
  name: text('name').primaryKey(),
  okAt: timestamptz('ok_at'),
  failedAt: timestamptz('failed_at'),
  failure: text('failure'),
  failures: integer('failures').notNull().default(0),
  backoffUntil: timestamptz('backoff_until'),
  listingsStored: integer('listings_stored').notNull().default(0),
  listingsRefused: integer('listings_refused').notNull().default(0),
});

/**
 * Backfills of past blocks (`npm run backfill`), owned by chain/backfill.ts: the range asked, the next block to read
 * and what was found so far. A run stopped midway resumes at `next_block`; it never touches chain_blocks, the live
 * indexer's cursor.
 */
export const backfills = pgTable('backfills', {
  fromBlock: bigint('from_block', { mode: 'number' }).primaryKey(),
  toBlock: bigint('to_block', { mode: 'number' }).notNull(),
  nextBlock: bigint('next_block', { mode: 'number' }).notNull(),
  logs: bigint('logs', { mode: 'number' }).notNull().default(0),
  sales: bigint('sales', { mode: 'number' }).notNull().default(0),
  startedAt: timestamptz('started_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const collections = pgTable('collections', {
  address: text('address').primaryKey(),
  name: text('name'),
  symbol: text('symbol'),
  /** 'erc721' | 'erc1155', from ERC-165; null until the metadata pass has asked the contract. */
  standard: text('standard'),
  totalSupply: uint256('total_supply'),
  /** The most the contract lets be minted, where it says (`maxSupply()` or `MAX_SUPPLY()`). */
  maxSupply: uint256('max_supply'),
  imageUrl: text('image_url'),
  verified: boolean('verified').notNull().default(false),
  /** 'pending' until name, symbol, supply and standard have been read from the chain. */
  infoStatus: text('info_status').notNull().default('pending'),
  /** Set when a token's traits change; the rarity pass ranks the collection again and clears it. */
  rarityStale: boolean('rarity_stale').notNull().default(true),
  firstSeenBlock: bigint('first_seen_block', { mode: 'number' }).notNull(),
});

export const tokens = pgTable(
  'tokens',
  {
    collection: text('collection').notNull(),
    tokenId: uint256('token_id').notNull(),
    /** ERC-721 owner; null for ERC-1155 (balances live in transfers). */
    owner: text('owner'),
    name: text('name'),
    imageUrl: text('image_url'),
    /** 'pending' (to fetch), 'ok', 'failed' (after retries); set back to 'pending' by ERC-4906 updates. */
    metadataStatus: text('metadata_status').notNull().default('pending'),
    metadataAttempts: integer('metadata_attempts').notNull().default(0),
    metadataNextAttemptAt: timestamptz('metadata_next_attempt_at'),
    mintedBlock: bigint('minted_block', { mode: 'number' }),
    /** Rarity rank within the collection (1 = rarest, OpenRarity); null until ranked. */
    rarityRank: integer('rarity_rank'),
    /** OpenRarity's score (information content over the collection's entropy); null with the rank. */
    rarityScore: doublePrecision('rarity_score'),
    /** Flagged by a marketplace (reported stolen or suspicious): shown, and skipped by sweeps when asked. */
    flagged: boolean('flagged').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.collection, table.tokenId] }),
    index('tokens_metadata_queue_idx').on(table.metadataStatus, table.metadataNextAttemptAt),
    // What a holder has of a collection (whale alerts count it for every lister they check).
    index('tokens_collection_owner_idx').on(table.collection, table.owner),
  ],
);

export const tokenTraits = pgTable(
  'token_traits',
  {
    collection: text('collection').notNull(),
    tokenId: uint256('token_id').notNull(),
    traitType: text('trait_type').notNull(),
    value: text('value').notNull(),
    /** 'string' traits are ranked; 'number' and 'date' ones (display_type, or a JSON number) are shown, not ranked. */
    kind: text('kind').$type<'string' | 'number' | 'date'>().notNull().default('string'),
  },
  (table) => [primaryKey({ columns: [table.collection, table.tokenId, table.traitType, table.value] })],
);

/**
 * One row per NFT sold, by any protocol the indexer decodes (`chain/decoders`); unique on its log and item, so
 * re-ingesting is harmless.
 */
export const sales = pgTable(
  'sales',
  {
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    itemIndex: integer('item_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockTime: timestamptz('block_time').notNull(),
    /** The exchange protocol whose event the sale was read from. */
    protocol: text('protocol').$type<SaleProtocol>().notNull(),
    collection: text('collection').notNull(),
    tokenId: uint256('token_id').notNull(),
    amount: uint256('amount').notNull(),
    /** What the buyer paid for this item, fees included. */
    priceWei: uint256('price_wei').notNull(),
    /** 0x0…0 for ETH. */
    paymentToken: text('payment_token').notNull(),
    buyer: text('buyer').notNull(),
    seller: text('seller').notNull(),
    marketplace: text('marketplace'),
    orderHash: text('order_hash').notNull(),
    /** What the seller received for this item, after marketplace fee and royalty; null for rows from before it was kept. */
    proceedsWei: uint256('proceeds_wei'),
    indexedAt: timestamptz('indexed_at').notNull().defaultNow(),
  },
  (table) => [
    // A log is identified by its block and index; keys that grow with the chain keep bulk inserts append-only.
    primaryKey({ columns: [table.blockNumber, table.logIndex, table.itemIndex] }),
    // A collection's latest trades (the live trades feed).
    index('sales_collection_block_idx').on(table.collection, table.blockNumber),
    // A wallet's buys and sells: its portfolio's costs and proceeds.
    index('sales_buyer_idx').on(table.buyer),
    index('sales_seller_idx').on(table.seller),
    check('sales_protocol_check', oneOf('protocol', SALE_PROTOCOLS)),
  ],
);

/** ERC-721 and ERC-1155 transfers (mints come from the zero address). */
export const transfers = pgTable(
  'transfers',
  {
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    itemIndex: integer('item_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockTime: timestamptz('block_time').notNull(),
    collection: text('collection').notNull(),
    tokenId: uint256('token_id').notNull(),
    amount: uint256('amount').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.blockNumber, table.logIndex, table.itemIndex] }),
    index('transfers_collection_token_idx').on(table.collection, table.tokenId),
    // A wallet's incoming and outgoing items (its portfolio, ERC-1155 balances).
    index('transfers_to_idx').on(table.toAddress),
    index('transfers_from_idx').on(table.fromAddress),
    // Recent mints (Discover's minting-now list).
    index('transfers_mint_block_idx')
      .on(table.blockNumber, table.collection)
      .where(sql`from_address = '0x0000000000000000000000000000000000000000'`),
  ],
);

/** Where a listing stands: fillable, waiting for a check against the chain, or ended (and why, in status_reason). */
export const LISTING_STATUSES = ['active', 'unverified', 'filled', 'cancelled', 'expired', 'invalid'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** SQL `column in ('a', 'b')` for a check constraint over a fixed list of names. */
const oneOf = (column: string, names: readonly string[]) =>
  sql.raw(`${column} in (${names.map((name) => `'${name}'`).join(', ')})`);

/** Why a log the indexer read was stored as nothing: its layout, a pool no factory vouches for, no price in the logs. */
export const SKIPPED_LOG_REASONS = ['malformed', 'foreign', 'unpriced'] as const;
export type SkippedLogReason = (typeof SKIPPED_LOG_REASONS)[number];

/**
 * Logs the indexer read but stored nothing from, by reason (`SKIPPED_LOG_REASONS`), summed over every batch stored
 * (live and backfilled; a rollback does not subtract): served in /metrics. Owned by chain/store.ts.
 */
export const chainSkippedLogs = pgTable(
  'chain_skipped_logs',
  {
    reason: text('reason').primaryKey(),
    logs: bigint('logs', { mode: 'number' }).notNull(),
  },
  () => [check('chain_skipped_logs_reason_check', oneOf('reason', SKIPPED_LOG_REASONS))],
);

/**
 * sudoswap pools and whether their protocol's factory made them: announced by the factory (`announced_block`), or
 * asked of it once when an unknown contract emitted a swap (the answer kept, yes or no). Swaps count only from a
 * pool the factory made. Owned by chain/pool-registry.ts.
 */
export const ammPools = pgTable(
  'amm_pools',
  {
    protocol: text('protocol').$type<SaleProtocol>().notNull(),
    address: text('address').notNull(),
    factoryMade: boolean('factory_made').notNull(),
    announcedBlock: bigint('announced_block', { mode: 'number' }),
  },
  (table) => [primaryKey({ columns: [table.protocol, table.address] })],
);

/**
 * Signed listings from marketplace connectors, written only by `market/listings`: each signed for one exchange
 * (`protocol`, at `protocolAddress`). `status` is 'active' until an indexed event or expiry ends it, or 'unverified'
 * (not fillable) while the blocks it was checked against are no longer on the chain; `statusBlock` names the block
 * that ended it so a reorg can undo that, and `validatedBlock`/`validatedHash` the block its last on-chain check read.
 */
export const listings = pgTable(
  'listings',
  {
    orderHash: text('order_hash').primaryKey(),
    collection: text('collection').notNull(),
    tokenId: uint256('token_id').notNull(),
    amount: uint256('amount').notNull(),
    offerer: text('offerer').notNull(),
    priceWei: uint256('price_wei').notNull(),
    marketplace: text('marketplace').notNull(),
    orderWay: integer('order_way').notNull(),
    protocol: text('protocol').$type<ExchangeProtocol>().notNull(),
    protocolAddress: text('protocol_address').notNull(),
    /** The address the NFT must be approved to: Seaport itself or the order's conduit. */
    operator: text('operator').notNull(),
    /** The signer's global nonce the order was signed with: Seaport's counter, LooksRare's ask nonce. */
    counter: uint256('counter').notNull(),
    /** LooksRare's order and subset nonces (null for Seaport, which has neither). */
    orderNonce: uint256('order_nonce'),
    subsetNonce: uint256('subset_nonce'),
    startTime: timestamptz('start_time').notNull(),
    endTime: timestamptz('end_time').notNull(),
    parameters: jsonb('parameters').notNull(),
    /** Null for an order a marketplace API serves unsigned: its signature is asked of `fulfillmentApi` per fill. */
    signature: text('signature'),
    fulfillmentApi: text('fulfillment_api').$type<'opensea'>(),
    /** LooksRare's merkle tree of an ask signed in a batch (root and proof), which its fill hands the exchange. */
    merkleTree: jsonb('merkle_tree'),
    status: text('status').$type<ListingStatus>().notNull().default('active'),
    statusReason: text('status_reason'),
    statusBlock: bigint('status_block', { mode: 'number' }),
    /** Null for listings accepted before checks recorded their block: any rollback has them checked again. */
    validatedBlock: bigint('validated_block', { mode: 'number' }),
    validatedHash: text('validated_hash'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    // The times and the token make it covering: a collection's floor and listed tokens are read from the index alone.
    index('listings_active_collection_price_idx')
      .on(table.collection, table.priceWei, table.endTime, table.startTime, table.tokenId)
      .where(sql`status = 'active'`),
    index('listings_collection_token_idx').on(table.collection, table.tokenId),
    index('listings_offerer_idx').on(table.offerer),
    index('listings_status_block_idx').on(table.statusBlock),
    index('listings_active_validated_block_idx')
      .on(table.validatedBlock)
      .where(sql`status = 'active'`),
    index('listings_unverified_idx')
      .on(table.orderHash)
      .where(sql`status = 'unverified'`),
    index('listings_created_at_idx').on(table.createdAt),
    check('listings_status_check', oneOf('status', LISTING_STATUSES)),
    check('listings_protocol_check', oneOf('protocol', EXCHANGE_PROTOCOLS)),
    check(
      'listings_nonces_check',
      sql`(protocol = 'looksrare-v2') = (order_nonce is not null and subset_nonce is not null)`,
    ),
    // A Seaport bulk order's proof travels in its signature: only a LooksRare ask keeps a tree beside it.
    check('listings_merkle_tree_check', sql`protocol = 'looksrare-v2' or merkle_tree is null`),
    check(
      'listings_fulfillment_api_check',
      sql`(signature is null) = (fulfillment_api is not null) and (fulfillment_api is null or protocol = 'seaport')`,
    ),
  ],
);

/** Pending transactions (mempool) that would fill a listed token; dropped when mined or after a timeout. */
export const pendingBuys = pgTable(
  'pending_buys',
  {
    txHash: text('tx_hash').notNull(),
    collection: text('collection').notNull(),
    tokenId: uint256('token_id').notNull(),
    buyer: text('buyer').notNull(),
    /** The transaction's priority fee (its gas price when legacy): the dynamic gas preset outbids the highest. */
    priorityFeeWei: uint256('priority_fee_wei'),
    seenAt: timestamptz('seen_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.txHash, table.collection, table.tokenId] }),
    index('pending_buys_collection_token_idx').on(table.collection, table.tokenId),
  ],
);

/** Per-minute rollups: every trending window is a cheap sum over these. `floorWei` is the floor at the minute's end. */
export const collectionStats1m = pgTable(
  'collection_stats_1m',
  {
    collection: text('collection').notNull(),
    minute: timestamptz('minute').notNull(),
    trades: integer('trades').notNull().default(0),
    volumeWei: uint256('volume_wei').notNull().default('0'),
    newListings: integer('new_listings').notNull().default(0),
    floorWei: uint256('floor_wei'),
  },
  (table) => [
    primaryKey({ columns: [table.collection, table.minute] }),
    index('collection_stats_1m_minute_idx').on(table.minute),
  ],
);

/**
 * The per-minute trades and volume summed in buckets of 10 minutes, 1, 4 and 12 hours (COARSE_SPANS_MINUTES),
 * written and undone beside the minutes: a trending window adds up a few buckets and its edge minutes instead of
 * every minute it covers.
 */
export const collectionStatsBuckets = pgTable(
  'collection_stats_buckets',
  {
    spanMinutes: integer('span_minutes').notNull(),
    /** The bucket's first minute; buckets are aligned to UTC midnight. */
    bucket: timestamptz('bucket').notNull(),
    collection: text('collection').notNull(),
    trades: integer('trades').notNull().default(0),
    volumeWei: uint256('volume_wei').notNull().default('0'),
  },
  // Span and bucket first: trending reads every collection's row of a few buckets, from the key alone: migration
  // 0003 adds INCLUDE (trades, volume_wei) to it, which drizzle cannot express.
  (table) => [primaryKey({ columns: [table.spanMinutes, table.bucket, table.collection] })],
);

/** Upcoming mints and reveals (the API's calendar items); on the devnet, written from its schedule at start. */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    key: text('key').primaryKey(),
    name: text('name').notNull(),
    /** 'whitelist' | 'public' | 'reveal' | 'mint' */
    type: text('type').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    timeKnown: boolean('time_known').notNull(),
    collection: text('collection'),
    imageUrl: text('image_url'),
    twitterUrl: text('twitter_url'),
    discordUrl: text('discord_url'),
    marketplaceUrl: text('marketplace_url'),
    websiteUrl: text('website_url'),
  },
  (table) => [index('calendar_events_starts_at_idx').on(table.startsAt)],
);

// ---- Users' market views ----

/** Collections a user follows (spec's watchlist, 'collect'). */
export const watchlist = pgTable(
  'watchlist',
  {
    userAddress: text('user_address')
      .notNull()
      .references(() => users.address),
    collection: text('collection').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userAddress, table.collection] })],
);

// ---- Sweep buying ----

/** A user's gas presets, replaced whole by each save. */
export const gasSettings = pgTable('gas_settings', {
  address: text('address')
    .primaryKey()
    .references(() => users.address),
  gas: jsonb('gas').$type<GasSettingsData['gas']>().notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

/**
 * A sweep from its quote to its outcome (the spec's order record). `status`: 'quoted' (the transaction was prepared),
 * 'sent' (the wallet sent it as `txHash`), 'settled' (its receipt decided every item). `outcome`: 'pending' until
 * settled, then 'bought' (at least one item was) or 'nothing_bought'; the wire's order `flag` codes it.
 */
export const sweepOrders = pgTable(
  'sweep_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userAddress: text('user_address')
      .notNull()
      .references(() => users.address),
    collection: text('collection').notNull(),
    status: text('status').$type<'quoted' | 'sent' | 'settled'>().notNull(),
    outcome: text('outcome').$type<SweepOutcomeName>().notNull().default('pending'),
    /** Planned, spare and skipped items, each with its status by name (the wire's `is_buy` codes it). */
    items: jsonb('items').$type<SweepItem[]>().notNull(),
    /** What the planned items cost together. */
    total: uint256('total').notNull(),
    /** The ETH the transaction sends (the worst case with spares). */
    value: uint256('value').notNull(),
    /** keccak256 of the quoted calldata: a recorded transaction must carry exactly it. */
    txDataHash: text('tx_data_hash').notNull(),
    txHash: text('tx_hash').unique(),
    /** What the bought items cost; null until settled. */
    spent: uint256('spent'),
    createdAt: timestamptz('created_at').notNull(),
    settledAt: timestamptz('settled_at'),
  },
  // A user's sweeps, newest first (the order history).
  (table) => [index('sweep_orders_user_created_idx').on(table.userAddress, table.createdAt)],
);

// ---- Live notifications ----

/**
 * Notifications (the original app's types): wallet events 1–7 for a user (`userAddress`) on one of their wallets,
 * and general notices 1000/1001 for everyone (`userAddress` null). `source` names what caused it (a sale's log, a
 * listing's order hash…), so deriving an event twice writes it once. Chain events keep their `blockNumber`: a reorg
 * that orphans the block deletes them.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userAddress: text('user_address').references(() => users.address),
    type: integer('type').notNull(),
    wallet: text('wallet'),
    collection: text('collection'),
    tokenId: uint256('token_id'),
    priceWei: uint256('price_wei'),
    /** Signed: a sale below cost is a loss. */
    profitWei: numeric('profit_wei', { precision: 78, scale: 0 }),
    title: text('title'),
    body: text('body'),
    txHash: text('tx_hash'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    source: text('source').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    unique('notifications_source_key').on(table.userAddress, table.type, table.wallet, table.source).nullsNotDistinct(),
    // A user's history, newest first (by when it happened, then by when it was written).
    index('notifications_user_time_idx').on(table.userAddress, table.createdAt, table.id),
    index('notifications_block_idx')
      .on(table.blockNumber)
      .where(sql`block_number is not null`),
  ],
);

/** The block up to which wallet events have been derived from the indexed rows (one row). */
export const notificationCursor = pgTable('notification_cursor', {
  id: boolean('id').primaryKey().default(true),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
});

/**
 * Credentials for the embedded MQTT broker, issued by `GET /api/live/connection`: the broker accepts a CONNECT whose
 * username, client id and password match a row that has not expired. Only the password's sha256 is kept.
 */
export const liveCredentials = pgTable(
  'live_credentials',
  {
    passwordHash: text('password_hash').primaryKey(),
    address: text('address')
      .notNull()
      .references(() => users.address),
    clientId: text('client_id').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [index('live_credentials_expires_at_idx').on(table.expiresAt)],
);

// ---- Alerts ----

/**
 * A user's link to the chat service their alert DMs go to: the chat user id `/my-id` told them, the DM channel the
 * service opened for it (cached: opened once per user), the language DMs are written in (the user's at their last
 * save or test), the last successful test, and whether the service accepts DMs to them (false after it refused one:
 * their alerts wait until a test passes).
 */
export const chatLinks = pgTable('chat_links', {
  userAddress: text('user_address')
    .primaryKey()
    .references(() => users.address),
  chatId: text('chat_id').notNull(),
  dmChannelId: text('dm_channel_id'),
  lang: text('lang').$type<'en' | 'zh'>().notNull(),
  testedAt: timestamptz('tested_at'),
  reachable: boolean('reachable').notNull().default(true),
  updatedAt: timestamptz('updated_at').notNull(),
});

export type AlertDeliveryStatus = 'queued' | 'sent' | 'limited' | 'unreachable' | 'dropped';

/** A user's alert: the fields every type has as columns, the type's own (AlertRule) as saved. */
export const alerts = pgTable(
  'alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userAddress: text('user_address')
      .notNull()
      .references(() => users.address),
    type: integer('type').$type<AlertType>().notNull(),
    title: text('title').notNull(),
    enabled: boolean('enabled').notNull(),
    /** DMs an hour, at most. */
    dmLimit: integer('dm_limit').notNull(),
    /** The collection watched by 301–303; null for the others. */
    collection: text('collection'),
    rule: jsonb('rule').$type<AlertRule>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    // A user's list, newest first.
    index('alerts_user_created_idx').on(table.userAddress, table.createdAt),
  ],
);

/**
 * What an alert last saw of something it watches (`key`: a collection, a holder in a collection, or 'floor'):
 * whether it was above the alert's threshold (a trend fires once per crossing and re-arms when it falls back) or the
 * floor it last saw, and how many times it fired for it.
 */
export const alertStates = pgTable(
  'alert_states',
  {
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    above: boolean('above').notNull(),
    valueWei: uint256('value_wei'),
    crossings: integer('crossings').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.alertId, table.key] })],
);

/**
 * One firing of an alert: one DM. Unique on the alert and what caused it (`source`: a transaction, a listing, a
 * crossing), so evaluating the same events twice fires once. `status`: 'queued' (its job will send it), 'sent',
 * 'limited' (over the alert's DMs an hour: recorded, not sent), 'unreachable' (the chat service refused it), 'dropped'
 * (its block left the chain, or its alert was paused before it went out). Deleting the alert deletes its firings.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userAddress: text('user_address').notNull(),
    source: text('source').notNull(),
    content: text('content').notNull(),
    status: text('status').$type<AlertDeliveryStatus>().notNull(),
    /** The block of a chain event that caused it, with its hash: if the block is orphaned before the DM goes out, it is dropped. */
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: text('block_hash'),
    /** When what caused it happened (a block's time, a listing's acceptance). */
    eventAt: timestamptz('event_at').notNull(),
    firedAt: timestamptz('fired_at').notNull(),
    sentAt: timestamptz('sent_at'),
    messageId: text('message_id'),
  },
  (table) => [
    unique('alert_deliveries_source_key').on(table.alertId, table.source),
    // The DM limit counts an alert's firings of the last hour.
    index('alert_deliveries_alert_fired_idx').on(table.alertId, table.firedAt),
  ],
);

/** How far the wallet alerts (201, 202) have read: the last block evaluated and the listings accepted up to. */
export const alertCursor = pgTable('alert_cursor', {
  id: boolean('id').primaryKey().default(true),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  listingsAt: timestamptz('listings_at').notNull(),
});

/**
 * Subscription payments: the payment contract's `Subscribed` events, written by the indexer with the block that
 * holds them and removed with it by a reorg. A payment counts once it has SUBSCRIPTION_CONFIRMATIONS blocks; the
 * subscription's end is derived from these rows, trials and invitation bonuses, never stored.
 */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockTime: timestamptz('block_time').notNull(),
    payer: text('payer').notNull(),
    plan: integer('plan').notNull(),
    priceWei: numeric('price_wei', { precision: 78, scale: 0 }).notNull(),
    quoteId: text('quote_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.txHash, table.logIndex] }),
    index('subscription_payments_payer_idx').on(table.payer, table.blockNumber),
    index('subscription_payments_block_idx').on(table.blockNumber),
  ],
);

/** A trial, one per person ever (the primary key): from a member's trial code. */
export const trials = pgTable('trials', {
  address: text('address')
    .primaryKey()
    .references(() => users.address),
  code: text('code').notNull(),
  /** The trial runs TRIAL_DAYS from here (a grant like any other: entitlement.ts). */
  startedAt: timestamptz('started_at').notNull(),
});

/** Trial codes members hand out, TRIAL_CODES_PER_MONTH a month each; a code is redeemed at most once. */
export const trialCodes = pgTable(
  'trial_codes',
  {
    code: text('code').primaryKey(),
    owner: text('owner')
      .notNull()
      .references(() => users.address),
    createdAt: timestamptz('created_at').notNull(),
    redeemedBy: text('redeemed_by').unique(),
    redeemedAt: timestamptz('redeemed_at'),
  },
  (table) => [index('trial_codes_owner_idx').on(table.owner, table.createdAt)],
);

/** Each user's invitation code (made on first ask, or chosen), unique without case. */
export const invitationCodes = pgTable(
  'invitation_codes',
  {
    address: text('address')
      .primaryKey()
      .references(() => users.address),
    code: text('code').notNull(),
  },
  (table) => [uniqueIndex('invitation_codes_code_idx').on(sql`lower(${table.code})`)],
);

/** Who invited whom: once per invitee, before their first payment. */
export const invitations = pgTable(
  'invitations',
  {
    invitee: text('invitee')
      .primaryKey()
      .references(() => users.address),
    inviter: text('inviter')
      .notNull()
      .references(() => users.address),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('invitations_inviter_idx').on(table.inviter)],
);

/** Partner communities: their code makes an ordinary user a community member at the community's price. */
export const communities = pgTable(
  'communities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    halfYearPriceWei: numeric('half_year_price_wei', { precision: 78, scale: 0 }).notNull(),
  },
  (table) => [uniqueIndex('communities_code_idx').on(sql`lower(${table.code})`)],
);

/** Sales, one per sale page (its route's slug); an operator writes them, the devnet seeds two. */
export const promotions = pgTable('promotions', {
  slug: text('slug').primaryKey(),
  titleEn: text('title_en').notNull(),
  titleZh: text('title_zh').notNull(),
  bodyEn: text('body_en').notNull(),
  bodyZh: text('body_zh').notNull(),
  /** The page's own words once the sale has ended; null: the common 'This sale has ended.' */
  endedEn: text('ended_en'),
  endedZh: text('ended_zh'),
  startsAt: timestamptz('starts_at').notNull(),
  endsAt: timestamptz('ends_at').notNull(),
  /** PromotionOffer[]: per plan, a price in wei or a percent off in basis points. */
  offers: jsonb('offers').$type<PromotionOffer[]>().notNull(),
});

/**
 * The transactions behind indexed sales and mints (written by the indexer with their block, removed by a reorg):
 * what the sender paid in value and gas, which portfolio costs and mint prices are shared out from.
 */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    txHash: text('tx_hash').primaryKey(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address'),
    valueWei: uint256('value_wei').notNull(),
    gasUsed: uint256('gas_used').notNull(),
    effectiveGasPriceWei: uint256('effective_gas_price_wei').notNull(),
  },
  (table) => [index('chain_transactions_block_idx').on(table.blockNumber)],
);

/** A signed-in user's request to read a token's or a whole collection's metadata again; the limits count these. */
export const metadataRefreshes = pgTable(
  'metadata_refreshes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userAddress: text('user_address')
      .notNull()
      .references(() => users.address),
    collection: text('collection').notNull(),
    /** Null for the whole collection. */
    tokenId: uint256('token_id'),
    requestedAt: timestamptz('requested_at').notNull(),
  },
  (table) => [
    index('metadata_refreshes_user_idx').on(table.userAddress, table.requestedAt),
    index('metadata_refreshes_collection_idx').on(table.collection, table.requestedAt),
  ],
);

/**
 * Wallets meeting the high-win-rate flipper rule (FLIPPER_RULE) at the worker's last daily pass, with their figures
 * over its window; replaced whole by each pass.
 */
export const flippers = pgTable('flippers', {
  address: text('address').primaryKey(),
  /** Round trips (bought, then sold) closed in the window. */
  trades: integer('trades').notNull(),
  collections: integer('collections').notNull(),
  wins: integer('wins').notNull(),
  /** Summed over the round trips: proceeds after fees minus cost and gas, wei (may be negative). */
  profitWei: numeric('profit_wei', { precision: 78, scale: 0 }).notNull(),
  computedAt: timestamptz('computed_at').notNull(),
});
