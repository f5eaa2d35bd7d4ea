import { basicOrderArgs, SEAPORT_ABI, type SignedOrder, sweepArgs, sweepAvailability } from '@floordesk/contracts';
import {
  type SweepCandidate,
  type SweepSelection,
  type SweepSelectionOptions,
  Status,
  selectSweep,
} from '@floordesk/protocol';
import { type Address, BaseError, encodeFunctionData, type Hex } from 'viem';
import type { ChainAccess } from '../chain/client';
import { ok, refuse, type Result } from '../result';
import { seaportAddress } from '../chain/chain-contracts';

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
export type PlannableListing = SweepCandidate & { signed: SignedOrder };

export type PlannedSweep<C extends PlannableListing> = SweepSelection<C> & {
  /**
   * Calldata of `fulfillAvailableAdvancedOrders` over the planned listings, then the spares; of a basic order when
   * one listing goes alone.
   */
  data: Hex;
  /** Gas the final call used in its simulation: the node's estimate of it. */
  gasEstimate: bigint;
};

/**
 * The sweep `buyer` can send now: the selection over `candidates` (cheapest first), simulated on the node until it
 * neither reverts nor plans a listing Seaport would skip. Refuses 1403 (nothing to buy), 1515 (above
 * `maxTotal`), 1408 (balance below the worst case). A transport failure throws (the caller answers 1299).
 */
export async function planSweep<C extends PlannableListing>(
  chain: ChainAccess,
  buyer: Address,
  candidates: readonly C[],
  options: Omit<SweepSelectionOptions, 'unfillable' | 'maxTotal'> & { maxTotal: bigint },
): Promise<Result<PlannedSweep<C>>> {
  const unfillable = new Set<string>();
  let balance: bigint | undefined;
  for (let round = 0; round < MAX_SIMULATION_ROUNDS; round++) {
    const selection = selectSweep(candidates, { ...options, unfillable });
    if (selection.buy.length === 0) return refuse(Status.NoOrder);
    if (selection.total > options.maxTotal) return refuse(Status.HigherThanExpected);
    // The balance is read beside the first simulation (one round trip). It speaks first: the node refuses to
    // simulate a call the buyer cannot pay for.
    const [funds, simulation] = await Promise.allSettled([
      balance ?? chain.client.getBalance({ address: buyer }),
      simulateSweep(chain, buyer, selection),
    ]);
    if (funds.status === 'rejected') throw funds.reason;
    balance = funds.value;
    if (balance < selection.worstCase) return refuse(Status.BalanceTooLow);
    if (simulation.status === 'rejected') throw simulation.reason;
    const outcome = simulation.value;
    if (outcome.kind === 'fills') {
      return ok({ ...selection, data: outcome.data, gasEstimate: outcome.gasEstimate });
    }
    const culprits = outcome.kind === 'skips' ? outcome.skipped : await findCulprits(chain, buyer, outcome.orders);
    for (const listing of culprits) unfillable.add(listing.order_id);
  }
  return refuse(Status.NoOrder);
}

type Simulation<C> =
  | { kind: 'fills'; data: Hex; gasEstimate: bigint }
  | { kind: 'skips'; skipped: C[] }
  | { kind: 'reverts'; orders: C[] };

/**
 * Simulates the transaction itself, and, when there are spares, every listing filled at once: Seaport stops reading
 * orders once `maximumFulfilled` are filled, so only the second call shows a spare that would revert the sweep the
 * moment a rival takes a planned listing.
 */
async function simulateSweep<C extends PlannableListing>(
  chain: ChainAccess,
  buyer: Address,
  selection: SweepSelection<C>,
): Promise<Simulation<C>> {
  const orders = [...selection.buy, ...selection.spares];
  const call = fillCall(orders, buyer, selection.buy.length);
  const [planned, all] = await Promise.all([
    simulate(chain, buyer, { ...call, value: selection.worstCase }),
    selection.spares.length > 0 ? fillAll(chain, buyer, orders) : undefined,
  ]);
  if (planned === 'reverts' || all === 'reverts') return { kind: 'reverts', orders };
  // Beyond the planned ones Seaport reports spares as skipped: it stopped at `maximumFulfilled`.
  const available = (all ?? planned).available;
  const skipped = orders.filter((_, index) => !available[index]);
  return skipped.length > 0
    ? { kind: 'skips', skipped }
    : { kind: 'fills', data: call.data, gasEstimate: planned.gasUsed };
}

/**
 * Which listings make the sweep revert, or would be skipped: each one filled alone, all in parallel (one JSON-RPC
 * batch).
 */
async function findCulprits<C extends PlannableListing>(
  chain: ChainAccess,
  buyer: Address,
  orders: readonly C[],
): Promise<C[]> {
  const alone = await Promise.all(orders.map((order) => fillAll(chain, buyer, [order])));
  return orders.filter((_, index) => {
    const outcome = alone[index];
    return outcome === 'reverts' || !outcome?.available[0];
  });
}

/** Every one of `orders` filled, the buyer funded for exactly their price: only the orders decide the outcome. */
function fillAll(chain: ChainAccess, buyer: Address, orders: readonly PlannableListing[]) {
  const value = orders.reduce((sum, order) => sum + BigInt(order.price), 0n);
  return simulate(chain, buyer, { ...fillCall(orders, buyer, orders.length), value }, { fundBuyer: true });
}

/** A fill's calldata, and how to read from its answer which orders Seaport filled. */
type FillCall = { data: Hex; filled: (result: Hex) => readonly boolean[] };

/**
 * One listing alone goes through Seaport's basic-order path: 128k gas against 159k for a one-order
 * `fulfillAvailableAdvancedOrders` (`npm run bench -- sweep-gas`). It reverts where the sweep would skip (a rival
 * filled it first), but either way nothing is bought and the gas burnt is about the same. Anything more is a sweep.
 */
function fillCall(orders: readonly PlannableListing[], buyer: Address, maximumFulfilled: number): FillCall {
  const [only] = orders;
  if (only && orders.length === 1 && maximumFulfilled === 1) {
    return {
      data: encodeFunctionData({
        abi: SEAPORT_ABI,
        functionName: 'fulfillBasicOrder_efficient_6GL6yc',
        args: basicOrderArgs(only.signed),
      }),
      filled: () => [true],
    };
  }
  return {
    data: encodeFunctionData({
      abi: SEAPORT_ABI,
      functionName: 'fulfillAvailableAdvancedOrders',
      args: sweepArgs(
        orders.map((order) => order.signed),
        buyer,
        maximumFulfilled,
      ),
    }),
    filled: sweepAvailability,
  };
}

/**
 * One fill run by the node (`eth_simulateV1`): which orders it fills and the gas it used (before refunds,
 * where the node reports that), or 'reverts'. One execution answers both; `eth_estimateGas` would run the call
 * again and again in its search for the limit (about 8 times as long for a 30-item sweep on the devnet).
 */
async function simulate(
  chain: ChainAccess,
  buyer: Address,
  call: FillCall & { value: bigint },
  { fundBuyer = false } = {},
): Promise<{ available: readonly boolean[]; gasUsed: bigint } | 'reverts'> {
  const [block] = await chain.client.simulateBlocks({
    blockTag: SIMULATION_BLOCK,
    blocks: [
      {
        calls: [{ account: buyer, to: seaportAddress(chain.contracts), data: call.data, value: call.value }],
        ...(fundBuyer && { stateOverrides: [{ address: buyer, balance: call.value }] }),
      },
    ],
  });
  const result = block?.calls[0];
  if (!result) throw new BaseError('eth_simulateV1 answered without the simulated call');
  if (result.status !== 'success') return 'reverts';
  return { available: call.filled(result.data), gasUsed: result.maxUsedGas ?? result.gasUsed };
}
