import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEVNET_CHAIN_ID, type PostListingRequest, type SimulatorState } from '@floordesk/protocol';
import { createPublicClient, createWalletClient, http } from 'viem';
import { foundry } from 'viem/chains';
import { ACCOUNT_PLAN, botAccounts, devnetAccount } from '../accounts';
import type { DevnetManifest } from '../deploy';
import { seededRandom } from '../random';
import { available, bookShape, runAction, type TraderContext } from './actions';
import { ChainView } from './chain-view';
import { Chores } from './chores';
import { simCollections } from './collections';
import { ListingBook, type SimListing } from './listing-book';
import { LooksRareSellers } from './looksrare-sellers';
import { Market } from './market';
import { BOOK_DEPTH } from './policy';
import { Sender } from './sender';
import type { ActionKind, SimulatedTrade, SimulatorAction } from './types';

export type { ActionKind, SimMarketplace, SimulatedTrade, SimulatorAction, TradeMethod, TradeStatus } from './types';
export type { SimListing } from './listing-book';

export type SimulatorOptions = {
  rpcUrl: string;
  manifest: DevnetManifest;
  /** Hands a signed listing to the order book; resolves when accepted, rejects (with the reason) when refused. */
  postListing: (listing: PostListingRequest) => Promise<void>;
  /** Target trader actions per minute; 0 runs no timer, only `step` (tests). */
  ratePerMinute: number;
  /**
   * At most this many listings are posted at start, before any other action (default: as many as it takes every
   * collection to reach its target depth).
   */
  openingListings?: number;
  /** Makes the choices reproducible (tests). */
  seed?: string;
  now?: () => Date;
  log?: (message: string, details?: Record<string, unknown>) => void;
};

export type Simulator = {
  state(): SimulatorState;
  /** Finishes the action in flight, then stops; leaves no timer behind. */
  stop(): Promise<void>;
  /** Runs exactly `n` actions now, independent of the timer (tests); returns what happened. */
  step(n: number): Promise<SimulatorAction[]>;
  /** Every buy and sweep it sent, with the orders it meant to fill and their prices. */
  trades(): readonly SimulatedTrade[];
  /** Its listings that their exchange would fill as of its last look at the chain, less those in flight to end. */
  listings(): readonly SimListing[];
};

/** Bounds memory on a devnet left running for days. */
const MAX_TRADES = 5_000;
const RETRY_START_MS = 5_000;

/**
 * Starts the devnet market: 20 trader bots that list, buy, sweep, reprice, cancel, transfer and mint, on OpenSea
 * (Seaport) and on LooksRare, with one collection hot at a time, keeping every collection's book near its target depth
 * (policy.ts); plus the deployer's reveal and ETH/USD feed. Devnet only.
 */
export function startSimulator(options: SimulatorOptions): Simulator {
  const now = options.now ?? (() => new Date());
  const nowMs = () => now().getTime();
  const log = options.log ?? (() => {});
  const seed = options.seed ?? randomUUID();
  const random = seededRandom(seed);
  const timing = seededRandom(`${seed}:timing`);

  const transport = http(options.rpcUrl);
  const client = createPublicClient({ chain: foundry, transport });
  const wallet = createWalletClient({ chain: foundry, transport });
  const { manifest } = options;
  const bots = botAccounts();
  const deployer = devnetAccount(ACCOUNT_PLAN.deployer);
  const collections = simCollections(manifest);
  const book = new ListingBook();
  const view = new ChainView(client, {
    bots: bots.map((bot) => bot.address),
    collections,
    seaport: manifest.seaport,
    looksRare: manifest.looksRare.protocol,
    onOrderGone: (orderHash) => book.remove(orderHash),
    onNoncesCancelled: (signer, kind, nonces) => book.removeNonces(signer, kind, nonces),
  });
  const sender = new Sender(client, wallet, nowMs);
  const market = new Market(collections, random, seededRandom(`${seed}:bursts`), nowMs());
  const chores = new Chores(
    { client, manifest, collections, deployer, sender, random: seededRandom(`${seed}:chores`), log },
    nowMs(),
  );
  const trades: SimulatedTrade[] = [];
  const ctx: TraderContext = {
    client,
    manifest,
    chainId: DEVNET_CHAIN_ID,
    bots,
    deployer: manifest.deployer,
    collections,
    random,
    nowMs,
    view,
    book,
    sender,
    market,
    looksRareSellers: new LooksRareSellers({ client, looksRare: manifest.looksRare, sender, random }),
    postListing: options.postListing,
    recordTrade: (trade) => {
      trades.push(trade);
      if (trades.length > MAX_TRADES) trades.shift();
    },
  };

  let status: 'starting' | 'running' | 'stopped' = 'starting';
  const counts: Record<string, number> = {};
  let lastActionAt: string | null = null;
  let hot: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  const abort = new AbortController();
  /** Actions run one at a time, whether the timer or `step` asks. */
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };

  const ready = (async () => {
    for (;;) {
      try {
        await view.sync();
        await chores.init();
        return;
      } catch (error) {
        log('simulator: cannot read the devnet yet, retrying', { error: message(error) });
        await sleep(RETRY_START_MS, undefined, { signal: abort.signal });
      }
    }
  })();
  // Rejects only when stopped while starting; `step` then reports it.
  ready.then(
    () => {
      if (status !== 'starting') return;
      status = 'running';
      void exclusive(openBook).finally(schedule);
    },
    () => {},
  );

  function schedule(): void {
    if (status !== 'running' || options.ratePerMinute <= 0) return;
    const interval = 60_000 / options.ratePerMinute;
    timer = setTimeout(
      () => {
        timer = undefined;
        void exclusive(() => tick()).finally(schedule);
      },
      interval * (0.5 + timing.next()),
    );
  }

  /**
   * A market opens with depth: before trading at its pace (or the first `step`), the bots list their holdings up to
   * the target depth, so the floor, listing rates and sweeps have something to work with from the first minute.
   */
  async function openBook(): Promise<void> {
    const target = BOOK_DEPTH.target * collections.length;
    // Twice the target bounds the opening when the order book refuses listings.
    const most = options.openingListings ?? 2 * target;
    for (let i = 0; i < most && bookShape(ctx).total < target && !abort.signal.aborted; i++) await tick('list');
  }

  async function tick(forced?: ActionKind): Promise<SimulatorAction> {
    const at = now();
    let kind: ActionKind = 'idle';
    let action: SimulatorAction;
    try {
      await view.sync();
      const block = view.block;
      if (block !== null) await sender.settle(block);
      market.tick(at.getTime());
      noteHotCollection();
      book.prune(view, BigInt(Math.floor(at.getTime() / 1000)));
      await chores
        .run(at.getTime())
        .catch((error: unknown) => log('simulator: chore failed', { error: message(error) }));
      kind = forced ?? random.weighted(bookShape(ctx).actionWeights()).kind;
      action = { ...(await runAction(ctx, kind)), at: at.toISOString() };
    } catch (error) {
      action = {
        kind,
        outcome: 'error',
        bot: null,
        collection: null,
        txHash: null,
        orderHashes: [],
        detail: message(error),
        at: at.toISOString(),
      };
      log(`simulator: ${kind} failed`, { error: message(error) });
    }
    count(action);
    return action;
  }

  function count(action: SimulatorAction): void {
    const key =
      action.outcome === 'done'
        ? action.kind
        : action.outcome === 'refused' || action.outcome === 'error'
          ? action.outcome
          : null;
    if (key === null || key === 'idle') return;
    counts[key] = (counts[key] ?? 0) + 1;
    lastActionAt = action.at;
  }

  function noteHotCollection(): void {
    const current = market.hotCollection();
    if (current !== hot && current !== null) log(`simulator: ${current} is hot`);
    hot = current;
  }

  return {
    state: () => ({
      state: status,
      bots: bots.length,
      rate_per_min: options.ratePerMinute,
      actions: { ...counts },
      hot_collection: market.hotCollection(),
      last_action_at: lastActionAt,
    }),
    async stop() {
      if (status === 'stopped') return;
      status = 'stopped';
      clearTimeout(timer);
      timer = undefined;
      abort.abort();
      await queue;
    },
    async step(n) {
      // Resumes after `ready`'s first callback, which queued the opening: the steps run after it.
      await ready;
      return exclusive(async () => {
        const actions: SimulatorAction[] = [];
        for (let i = 0; i < n; i++) actions.push(await tick());
        return actions;
      });
    },
    trades: () => trades.map((trade) => ({ ...trade, orders: [...trade.orders] })),
    listings: () => available(ctx),
  };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
