import {
  dearest,
  EXCHANGE_PROTOCOLS,
  type ExchangeProtocol,
  type SweepCandidate,
  type SweepSelection,
  type SweepSelectionOptions,
  Status,
  selectSweep,
} from '@floordesk/protocol';
import { type Address, BaseError, type Hex } from 'viem';
import { currentExchange } from '../chain/chain-contracts';
import type { ChainAccess } from '../chain/client';
import { ok, refuse, type Result } from '../result';
import type { StoredOrder } from './listings/fillable';
import { ORDER_PROTOCOLS, orderProtocol } from './listings/protocols';
import type { FillCall, FillResult } from './listings/protocols/order-protocol';

/**
 * Simulations before giving up: each round drops the listings the last one found unfillable, and a collection with
 * that many bad listings at its floor is better answered "no order" than with a transaction that may revert.
 */
const MAX_SIMULATION_ROUNDS = 4;

/**
 * Simulated against the pending block: on an idle automining devnet `latest` can be older than a fresh listing's
 * start (Seaport's InvalidTime), and on mainnet the pending block is the one the transaction will try to enter.
 */
const SIMULATION_BLOCK = 'pending';

/** A listing the planner can put in a transaction: what the selection reads, plus the signed order. */
export type PlannableListing = SweepCandidate & { order: StoredOrder };

/** One transaction of a plan: the listings of one protocol, sent to its exchange. */
export type PlannedTransaction<C extends PlannableListing> = {
  protocol: ExchangeProtocol;
  /** The planned listings it buys, then the spares it fills only in place of one it has to skip. */
  buy: C[];
  spares: C[];
  to: Address;
  data: Hex;
  /** Wei: what it may spend, were the spares to replace its cheapest planned listings. */
  value: bigint;
  /** Gas the call used in its simulation: the node's estimate of it. */
  gasEstimate: bigint;
};

export type PlannedSweep<C extends PlannableListing> = SweepSelection<C> & {
  /**
   * One transaction per protocol the plan buys on, in `EXCHANGE_PROTOCOLS` order: no exchange fills another's
   * orders, so a plan across protocols is sent as one transaction each.
   */
  transactions: PlannedTransaction<C>[];
};

/**
 * The sweep `buyer` can send now: the selection over `candidates` (cheapest first), simulated on the node until it
 * neither reverts nor plans a listing its exchange would skip. Refuses 1403 (nothing to buy), 1515 (above
 * `maxTotal`), 1408 (balance below the worst case). A transport failure throws (the caller answers 1299).
 */
export async function planSweep<C extends PlannableListing>(
  chain: ChainAccess,
  buyer: Address,
  candidates: readonly C[],
  options: Omit<SweepSelectionOptions, 'unfillable' | 'maxTotal' | 'canStandBy'> & {
    maxTotal: bigint;
    /**
     * The signatures of listings stored unsigned (`fulfillment_api`), by order id, asked of their APIs for this
     * buyer; a listing it has none for is left out. Without it, such listings are left out.
     */
    signatures?: (listings: readonly C[]) => Promise<ReadonlyMap<string, Hex>>;
  },
): Promise<Result<PlannedSweep<C>>> {
  const unfillable = new Set<string>();
  const protocolOf = new Map(candidates.map((candidate) => [candidate.order_id, candidate.order.protocol]));
  const canStandBy = (listing: SweepCandidate) => {
    const protocol = protocolOf.get(listing.order_id);
    return protocol !== undefined && ORDER_PROTOCOLS[protocol].takesSpares;
  };
  const signed = new Map<string, Hex>();
  const withSignature = (listing: C): C =>
    listing.order.signature === null
      ? { ...listing, order: { ...listing.order, signature: signed.get(listing.order_id) as Hex } }
      : listing;
  let balance: bigint | undefined;
  for (let round = 0; round < MAX_SIMULATION_ROUNDS;) {
    const selection = selectSweep(candidates, { ...options, unfillable, canStandBy });
    if (selection.buy.length === 0) return refuse(Status.NoOrder);
    if (selection.total > options.maxTotal) return refuse(Status.HigherThanExpected);
    // Signatures are asked only of the listings the plan would fill; one that gets none is passed over, and the
    // selection is made again without it before anything is simulated.
    const unsigned = [...selection.buy, ...selection.spares].filter(
      (listing) => listing.order.signature === null && !signed.has(listing.order_id),
    );
    if (unsigned.length > 0) {
      const fetched = (await options.signatures?.(unsigned)) ?? new Map<string, Hex>();
      for (const listing of unsigned) {
        const signature = fetched.get(listing.order_id);
        if (signature) signed.set(listing.order_id, signature);
        else unfillable.add(listing.order_id);
      }
      if (unsigned.some((listing) => !signed.has(listing.order_id))) continue;
    }
    round++;
    const ready = { ...selection, buy: selection.buy.map(withSignature), spares: selection.spares.map(withSignature) };
    const routes = routesOf(chain, buyer, ready);
    const worstCase = routes.reduce((sum, route) => sum + route.value, 0n);
    // The balance is read beside the first simulation (one round trip). It speaks first: the node refuses to
    // simulate a call the buyer cannot pay for.
    const [funds, simulation] = await Promise.allSettled([
      balance ?? chain.client.getBalance({ address: buyer }),
      simulateRoutes(chain, buyer, routes),
    ]);
    if (funds.status === 'rejected') throw funds.reason;
    balance = funds.value;
    if (balance < worstCase) return refuse(Status.BalanceTooLow);
    if (simulation.status === 'rejected') throw simulation.reason;
    const outcome = simulation.value;
    if (outcome.kind === 'fills') {
      const transactions = routes.map((route, index) => ({ ...route, gasEstimate: outcome.gasUsed[index] ?? 0n }));
      return ok({ ...ready, worstCase, transactions });
    }
    const culprits = outcome.kind === 'skips' ? outcome.skipped : await findCulprits(chain, buyer, outcome.listings);
    for (const listing of culprits) unfillable.add(listing.order_id);
  }
  return refuse(Status.NoOrder);
}

/** A transaction of the plan before its simulation, and how to read which of its listings it filled. */
type Route<C extends PlannableListing> = Omit<PlannedTransaction<C>, 'gasEstimate'> & Pick<FillCall, 'filled'>;

/** The selection split by protocol: each protocol's listings in one call to its exchange. */
function routesOf<C extends PlannableListing>(
  chain: ChainAccess,
  buyer: Address,
  selection: SweepSelection<C>,
): Route<C>[] {
  return EXCHANGE_PROTOCOLS.flatMap((protocol) => {
    const buy = selection.buy.filter((listing) => listing.order.protocol === protocol);
    if (buy.length === 0) return [];
    const spares = selection.spares.filter((listing) => listing.order.protocol === protocol);
    const listings = [...buy, ...spares];
    const value = dearest(
      listings.map((listing) => BigInt(listing.price)),
      buy.length,
    );
    return [{ protocol, buy, spares, value, ...fillCall(chain, protocol, listings, buyer, buy.length) }];
  });
}

/** The call to `protocol`'s current exchange that fills `listings` (all of that protocol), through its module. */
function fillCall(
  chain: ChainAccess,
  protocol: ExchangeProtocol,
  listings: readonly PlannableListing[],
  buyer: Address,
  maximumFulfilled: number,
): FillCall & { to: Address } {
  const call = orderProtocol(protocol).fill(
    chain,
    listings.map((listing) => listing.order),
    buyer,
    maximumFulfilled,
  );
  return { to: currentExchange(chain.contracts, protocol).address, ...call };
}

type Simulation<C> =
  { kind: 'fills'; gasUsed: bigint[] } | { kind: 'skips'; skipped: C[] } | { kind: 'reverts'; listings: C[] };

/**
 * Simulates the plan's transactions one after the other, as the wallet will send them, and, for a transaction with
 * spares, every one of its listings filled at once: Seaport stops reading orders once `maximumFulfilled` are
 * filled, so only the second call shows a spare that would revert the sweep the moment a rival takes a planned
 * listing.
 */
async function simulateRoutes<C extends PlannableListing>(
  chain: ChainAccess,
  buyer: Address,
  routes: readonly Route<C>[],
): Promise<Simulation<C>> {
  const [planned, ...all] = await Promise.all([
    simulate(
      chain,
      buyer,
      routes.map((route) => ({ to: route.to, data: route.data, value: route.value })),
    ),
    ...routes.map((route) =>
      route.spares.length > 0 ? fillAll(chain, buyer, [...route.buy, ...route.spares]) : undefined,
    ),
  ]);
  const listings = routes.flatMap((route) => [...route.buy, ...route.spares]);
  const skipped: C[] = [];
  const gasUsed: bigint[] = [];
  for (const [index, route] of routes.entries()) {
    const ownResult = planned[index];
    const allResult = all[index];
    if (!ownResult || ownResult === 'reverts' || allResult === 'reverts') return { kind: 'reverts', listings };
    // Beyond the planned ones Seaport reports spares as skipped: it stopped at `maximumFulfilled`.
    const available = allResult ? allResult.available : route.filled(ownResult);
    const routeListings = [...route.buy, ...route.spares];
    skipped.push(...routeListings.filter((_, i) => !available[i]));
    gasUsed.push(ownResult.gasUsed);
  }
  return skipped.length > 0 ? { kind: 'skips', skipped } : { kind: 'fills', gasUsed };
}

/**
 * Which listings make the sweep revert, or would be skipped: each one filled alone, all in parallel (one JSON-RPC
 * batch).
 */
async function findCulprits<C extends PlannableListing>(
  chain: ChainAccess,
  buyer: Address,
  listings: readonly C[],
): Promise<C[]> {
  const alone = await Promise.all(listings.map((listing) => fillAll(chain, buyer, [listing])));
  return listings.filter((_, index) => {
    const outcome = alone[index];
    return outcome === 'reverts' || !outcome?.available[0];
  });
}

/**
 * Every one of `listings` (of one protocol) filled, the buyer funded for exactly their price: only the listings
 * decide the outcome.
 */
async function fillAll(
  chain: ChainAccess,
  buyer: Address,
  listings: readonly PlannableListing[],
): Promise<{ available: readonly boolean[] } | 'reverts'> {
  const [first] = listings;
  if (!first) throw new Error('a fill needs a listing');
  const value = listings.reduce((sum, listing) => sum + BigInt(listing.price), 0n);
  const { to, data, filled } = fillCall(chain, first.order.protocol, listings, buyer, listings.length);
  const [result] = await simulate(chain, buyer, [{ to, data, value }], { fund: value });
  if (!result || result === 'reverts') return 'reverts';
  return { available: filled(result) };
}

type SimulatedCall = (FillResult & { gasUsed: bigint }) | 'reverts';

/**
 * Calls run by the node in one block, one after the other (`eth_simulateV1`): each one's result, logs and the gas it
 * used (before refunds, where the node reports that), or 'reverts'. One execution answers all; `eth_estimateGas`
 * would run a call again and again in its search for the limit (about 8 times as long for a 30-item sweep on the
 * devnet). `fund` sets the buyer's balance first.
 */
async function simulate(
  chain: ChainAccess,
  buyer: Address,
  calls: readonly { to: Address; data: Hex; value: bigint }[],
  { fund }: { fund?: bigint } = {},
): Promise<SimulatedCall[]> {
  const [block] = await chain.client.simulateBlocks({
    blockTag: SIMULATION_BLOCK,
    blocks: [
      {
        calls: calls.map((call) => ({ account: buyer, ...call })),
        ...(fund !== undefined && { stateOverrides: [{ address: buyer, balance: fund }] }),
      },
    ],
  });
  if (!block || block.calls.length !== calls.length) {
    throw new BaseError('eth_simulateV1 answered without the simulated calls');
  }
  return block.calls.map((result) =>
    result.status === 'success'
      ? { data: result.data, logs: result.logs ?? [], gasUsed: result.maxUsedGas ?? result.gasUsed }
      : 'reverts',
  );
}
