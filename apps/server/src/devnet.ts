/**
 * The devnet composed into the server: the one server file that imports @floordesk/devnet. FloorDesk starts it when
 * RPC_URL is unset, and main.ts hands its parts to whoever needs them (the chain to every role, its calendar to the
 * calendar's table, its reported tokens to the worker, its token files, simulator and chat service to the API), so
 * no other code knows the devnet exists.
 */
import path from 'node:path';
import {
  ACCOUNT_PLAN,
  calendarSchedule,
  collectionBySlug,
  collectionMetadata,
  coverImageSvg,
  type DevnetManifest,
  devnetAccount,
  hiddenImageSvg,
  hiddenMetadata,
  parseTokenId,
  reportedTokens,
  type DevnetChatServer,
  startDevnet,
  startDevnetChatServer,
  startSimulator,
  tokenImageSvg,
  tokenMetadata,
  upcomingProjectBySlug,
} from '@floordesk/devnet';
import {
  DEVNET_CHAIN_ID,
  normalizeAddress,
  PLAN,
  PLAN_IDS,
  type PostListingRequest,
  type PromotionRequest,
  type SimulatorState,
} from '@floordesk/protocol';
import { toHex } from 'viem';
import type { ChainContracts } from './chain/chain-contracts';
import { type ChainAccess, createChainClient } from './chain/client';
import { type Config, ConfigError } from './config';
import type { TokenRef } from './modules/collection/flags';
import type { CalendarEvent } from './modules/calendar/store';
import type { PastListing } from './market/listings/listing-history';
import type { DevnetAssets } from './modules/devnet-assets/routes';
import { INTERACTIONS_PATH } from './modules/discord-interactions/routes';

export type ServerDevnet = {
  chain: ChainAccess;
  /** The node's own JSON-RPC URL (anvil's port): what the API's `/rpc` forwards a wallet's calls to. */
  rpcUrl: string;
  /** The upcoming projects' events and the catalog's mints, dated from the devnet's first start. */
  calendar: readonly CalendarEvent[];
  /** The tokens marketplaces reported (stolen, suspicious): the worker flags them once indexed. */
  reported: readonly TokenRef[];
  /** The listings of the month of trading before the devnet opened: the order book's floors over that month. */
  listingHistory: readonly PastListing[];
  /** The token metadata and images the collections' URIs point at, served by the API. */
  assets: DevnetAssets;
  /**
   * The devnet's own chat service, speaking the Discord calls alerts make, when no DISCORD_BOT_TOKEN is set: the bot
   * (resolveChat), its `/my-id` and the devnet chat page all run on this machine. main.ts stops it.
   */
  chat: DevnetChatServer | undefined;
  /** Starts the trader bots, which hand their listings to `postListing` (the order book, in-process). */
  startSimulator(options: SimulatorOptions): RunningSimulator;
  stop(): Promise<void>;
};

export type SimulatorOptions = {
  ratePerMinute: number;
  postListing: (listing: PostListingRequest) => Promise<void>;
  log: (message: string, details?: Record<string, unknown>) => void;
};

export type RunningSimulator = { state(): SimulatorState; stop(): Promise<void> };

/** Starts (or resumes, from DATA_DIR) FloorDesk's own devnet; it runs the devnet's chain id only. */
export async function startServerDevnet(config: Config, onProgress: (message: string) => void): Promise<ServerDevnet> {
  if (config.chainId !== DEVNET_CHAIN_ID) {
    throw new ConfigError(
      `CHAIN_ID=${config.chainId} needs RPC_URL; without it FloorDesk runs its devnet (${DEVNET_CHAIN_ID}).`,
    );
  }
  const { origin } = config.origin;
  const devnet = await startDevnet({
    dataDir: config.dataDir,
    origin,
    blockTimeSeconds: config.blockTimeSeconds,
    onProgress,
  });
  const { manifest, rpcUrl } = devnet;
  let chat: DevnetChatServer | undefined;
  if (config.chat.botToken === undefined) {
    try {
      chat = await startDevnetChatServer({
        interactionsUrl: `${origin}${INTERACTIONS_PATH}`,
        // The devnet chat page stands for the community's invite: people "join" by opening it.
        inviteUrl: `${origin}/devnet-chat`,
        // People, DM channels and messages outlive a restart, as the chat ids linked to them in the database do.
        statePath: path.join(config.dataDir, 'devnet', 'chat.json'),
      });
    } catch (error) {
      await devnet.stop();
      throw error;
    }
  }
  return {
    chain: devnetChainAccess(rpcUrl, manifest),
    rpcUrl,
    calendar: devnetCalendar(manifest, origin),
    reported: reportedTokens(manifest),
    listingHistory: manifest.listingHistory,
    assets: devnetAssets(origin),
    chat,
    startSimulator: (options) => startSimulator({ rpcUrl, manifest, ...options }),
    stop: devnet.stop,
  };
}

/** The devnet's node and its row of the per-chain table, built from the deploy manifest. */
export function devnetChainAccess(rpcUrl: string, manifest: DevnetManifest, timeoutMs?: number): ChainAccess {
  const lower = normalizeAddress;
  const contracts: ChainContracts = {
    chainId: DEVNET_CHAIN_ID,
    exchanges: [
      { protocol: 'seaport', version: '1.6', address: lower(manifest.seaport) },
      {
        protocol: 'looksrare-v2',
        version: '2',
        address: lower(manifest.looksRare.protocol),
        transferManager: lower(manifest.looksRare.transferManager),
      },
    ],
    conduits: { [lower(manifest.conduit.key)]: lower(manifest.conduit.address) },
    marketplaces: [
      { marketplace: 'opensea', feeRecipients: [lower(manifest.marketplaces.opensea.feeRecipient)], zones: [] },
    ],
    ethUsdFeed: lower(manifest.ethUsdFeed),
    ensRegistry: lower(manifest.ens.registry),
    subscriptions: lower(manifest.subscriptions.address),
    // Every NFT contract on the devnet is one of its collections: all their transfers are read from block 0.
    collections: manifest.collections.map((collection) => lower(collection.address)),
  };
  return { client: createChainClient(rpcUrl, DEVNET_CHAIN_ID, timeoutMs), contracts };
}

/**
 * The devnet sells subscriptions through its own payment contract (devnetChainAccess names it), with quotes signed by
 * its public quote-signer account; account 0 paid for a year when the devnet was deployed, so a newcomer can sweep
 * at once, and accounts 1–4 start without a subscription. Kept out of loadConfig's defaults so tests decide.
 */
export function withDevnetSubscriptions(config: Config): Config {
  if (config.subscriptions.quoteSignerKey !== undefined) return config;
  const key = devnetAccount(ACCOUNT_PLAN.quoteSigner).getHdKey().privateKey;
  if (!key) throw new Error("the devnet's quote signer has no private key");
  return { ...config, subscriptions: { ...config.subscriptions, quoteSignerKey: toHex(key) } };
}

/**
 * The devnet's sales, dated from `now` at every start so that one is always live and one has ended: Black Friday
 * (0.09 ETH for five months, four days) and the Christmas sale (a quarter off every plan, 72 hours, ended).
 */
export function devnetPromotions(now: Date): PromotionRequest[] {
  const at = (hours: number) => Math.floor(now.getTime() / 1000) + hours * 3600;
  return [
    {
      slug: 'blackfriday',
      title_en: 'Black Friday: five months for 0.09 ETH',
      title_zh: '黑色星期五：五个月仅需 0.09 ETH',
      body_en: 'Five months of FloorDesk premium, sweeping included, for 0.09 ETH instead of 0.125.',
      body_zh: 'FloorDesk 高级会员五个月（含扫货功能），仅需 0.09 ETH，原价 0.125 ETH。',
      starts_at: at(-1),
      ends_at: at(-1 + 96),
      offers: [{ plan: PLAN.fiveMonths, price: '90000000000000000', percent_off_bps: null }],
    },
    {
      slug: 'ChristmasPromo',
      title_en: 'Christmas sale: 25% off every plan',
      title_zh: '圣诞促销：所有套餐七五折',
      body_en: 'A quarter off every plan for 72 hours.',
      body_zh: '72 小时内所有套餐七五折。',
      ended_en: 'The Christmas sale has ended. See you next year!',
      ended_zh: '圣诞促销已结束，明年再见！',
      starts_at: at(-80),
      ends_at: at(-80 + 72),
      offers: PLAN_IDS.map((plan) => ({ plan, price: null, percent_off_bps: 2_500 })),
    },
  ];
}

/** The calendar's events, each naming its collection's address once that collection is deployed. */
export function devnetCalendar(manifest: DevnetManifest, origin: string): CalendarEvent[] {
  const addresses = new Map(manifest.collections.map((c) => [c.slug, normalizeAddress(c.address)]));
  return calendarSchedule(new Date(manifest.createdAt), origin).map(({ slug, ...event }) => ({
    ...event,
    collection: addresses.get(slug) ?? null,
  }));
}

/**
 * The files behind the devnet collections' URIs. A token's metadata answers for every id in range, minted or not,
 * as real metadata servers do; `origin` (the configured one) starts the URLs inside the documents.
 */
export function devnetAssets(origin: string): DevnetAssets {
  return {
    metadata(slug, id) {
      const spec = collectionBySlug(slug);
      if (!spec) return undefined;
      if (id === 'hidden') return hiddenMetadata(spec, origin);
      if (id === 'collection') return collectionMetadata(spec, origin);
      const tokenId = parseTokenId(spec, id);
      return tokenId === undefined ? undefined : tokenMetadata(spec, tokenId, origin);
    },
    // `<id>.svg` and `hidden.svg` of a catalog collection; `cover.svg` of one or of an upcoming project.
    image(slug, file) {
      if (file === 'cover.svg') {
        const subject = collectionBySlug(slug) ?? upcomingProjectBySlug(slug);
        return subject && coverImageSvg(subject);
      }
      const spec = collectionBySlug(slug);
      if (!spec) return undefined;
      if (file === 'hidden.svg') return hiddenImageSvg(spec);
      const tokenId = file.endsWith('.svg') ? parseTokenId(spec, file.slice(0, -'.svg'.length)) : undefined;
      return tokenId === undefined ? undefined : tokenImageSvg(spec, tokenId);
    },
  };
}
