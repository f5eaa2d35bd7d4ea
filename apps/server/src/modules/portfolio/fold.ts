import {
  type Acquisition,
  PORTFOLIO_SOLD_MAX,
  type PortfolioHolding,
  type PortfolioSale,
  type PortfolioTotals,
} from '@floordesk/protocol';
import { zeroAddress } from 'viem';

/** One transfer into or out of the user's wallets, with the sale and the transaction behind it (`walletMoves`). */
export type WalletMove = {
  txHash: string;
  atMs: number;
  collection: string;
  tokenId: string;
  amount: bigint;
  from: string;
  to: string;
  /** The ETH sale this transfer carried out, if any: what the buyer paid and what the seller received. */
  priceWei: bigint | null;
  proceedsWei: bigint | null;
  /** The transaction's sender, value and gas cost; null and 0 when the indexer has no row for it. */
  sender: string | null;
  valueWei: bigint;
  gasWei: bigint;
};

/** Names and pictures of collections and tokens (keyed `collection:token_id`), and each collection's floor per unit. */
export type Catalog = {
  collections: ReadonlyMap<string, { name: string | null; imageUrl: string | null; floor: bigint | null }>;
  tokens: ReadonlyMap<string, { name: string | null; imageUrl: string | null }>;
};

/** Per transaction, the units it brought into the wallets from outside, minted into them, and took out of them. */
type TransactionUnits = { in: bigint; minted: bigint; out: bigint };

type Position = {
  units: bigint;
  cost: bigint;
  acquired: Acquisition;
  acquiredAt: number | null;
  acquiredTx: string | null;
};

/** A position held in one wallet, with the move that last changed it (which names its token). */
type Held = Position & { wallet: string; last: WalletMove };

/** A sale from the wallets in figures: only the latest PORTFOLIO_SOLD_MAX are written out as `PortfolioSale`. */
type Sale = { move: WalletMove; lot: Position; proceeds: bigint; gas: bigint; profit: bigint };

export type Portfolio = { holdings: PortfolioHolding[]; sold: PortfolioSale[]; totals: PortfolioTotals };

/** `part` of `whole` units of `amount`, rounded down; the remainder stays with what is left. */
const shareOf = (amount: bigint, part: bigint, whole: bigint) => (whole > 0n ? (amount * part) / whole : 0n);

/**
 * Per move, the units its transaction moved for the wallets. A transaction's logs are consecutive in a block, so its
 * moves are a run in the fold's order: one entry per run, no lookup by hash.
 */
function unitsPerTransaction(moves: readonly WalletMove[], own: ReadonlySet<string>): TransactionUnits[] {
  const perMove: TransactionUnits[] = [];
  let entry: TransactionUnits = { in: 0n, minted: 0n, out: 0n };
  let txHash: string | undefined;
  for (const move of moves) {
    if (move.txHash !== txHash) {
      entry = { in: 0n, minted: 0n, out: 0n };
      txHash = move.txHash;
    }
    const fromOwn = own.has(move.from);
    const toOwn = own.has(move.to);
    if (toOwn && !fromOwn) entry.in += move.amount;
    if (toOwn && move.from === zeroAddress) entry.minted += move.amount;
    if (fromOwn && !toOwn) entry.out += move.amount;
    perMove.push(entry);
  }
  return perMove;
}

/**
 * Numbers a position (a token in one of `wallets`) for the fold's map: a `collection:token:wallet` string built per
 * move made the fold's lookups hash a fresh string every time, and its garbage took as long again.
 */
function positionKeys(wallets: readonly string[]) {
  const walletIndex = new Map(wallets.map((wallet, i) => [wallet, i]));
  const tokenIndex = new Map<string, Map<string, number>>();
  let tokens = 0;
  return (move: WalletMove, wallet: string): number => {
    let ids = tokenIndex.get(move.collection);
    if (ids === undefined) tokenIndex.set(move.collection, (ids = new Map()));
    let token = ids.get(move.tokenId);
    if (token === undefined) ids.set(move.tokenId, (token = tokens++));
    return token * wallets.length + (walletIndex.get(wallet) as number);
  };
}

/**
 * Folds a wallet set's transfers, oldest first, into what it holds at what cost and what it sold at what profit.
 * A position is per token and wallet at average cost, which for ERC-721 (one unit) is FIFO per token; a move between
 * the wallets carries the cost over. `catalog` names things and holds the floors; `only` limits the output to
 * one wallet (costs still follow moves through the others). A transaction's gas (and a mint's value) is shared out
 * over the units it moved for the wallets. Only the latest PORTFOLIO_SOLD_MAX sales are listed (a trader's history
 * would otherwise make the answer and the page grow without end); the totals count every one.
 */
export function foldPortfolio(
  moves: readonly WalletMove[],
  wallets: readonly string[],
  catalog: Catalog,
  only: string | null,
): Portfolio {
  const own = new Set(wallets);
  const units = unitsPerTransaction(moves, own);
  const keyOf = positionKeys(wallets);
  const positions = new Map<number, Held>();
  const sales: Sale[] = [];
  let realised = 0n;

  /** Takes the move's units out of its position at their average cost; an item from before the index cost nothing. */
  const take = (move: WalletMove, key: number): Position => {
    const position = positions.get(key);
    if (!position) return { units: move.amount, cost: 0n, acquired: 'received', acquiredAt: null, acquiredTx: null };
    const taken = move.amount < position.units ? move.amount : position.units;
    const cost = shareOf(position.cost, taken, position.units);
    position.units -= taken;
    position.cost -= cost;
    if (position.units === 0n) positions.delete(key);
    const { acquired, acquiredAt, acquiredTx } = position;
    return { units: taken, cost, acquired, acquiredAt, acquiredTx };
  };
  const put = (move: WalletMove, key: number, lot: Position) => {
    const position = positions.get(key);
    if (position) {
      position.units += lot.units;
      position.cost += lot.cost;
      position.acquired = lot.acquired;
      position.acquiredAt = lot.acquiredAt;
      position.acquiredTx = lot.acquiredTx;
      position.last = move;
    } else {
      // Every field named: with `...lot` spread in here, the whole fold took about 3x as long (measured).
      positions.set(key, {
        units: lot.units,
        cost: lot.cost,
        acquired: lot.acquired,
        acquiredAt: lot.acquiredAt,
        acquiredTx: lot.acquiredTx,
        wallet: move.to,
        last: move,
      });
    }
  };

  for (let i = 0; i < moves.length; i++) {
    const move = moves[i] as WalletMove;
    const shared = units[i] as TransactionUnits;
    const fromOwn = own.has(move.from);
    const toOwn = own.has(move.to);
    const sentByOwn = move.sender !== null && own.has(move.sender);
    if (fromOwn && toOwn) {
      put(move, keyOf(move, move.to), take(move, keyOf(move, move.from)));
    } else if (toOwn) {
      const gas = sentByOwn ? shareOf(move.gasWei, move.amount, shared.in) : 0n;
      // Received without a sale or an own mint costs nothing. Plain locals, not a helper closure made per move.
      let cost = 0n;
      let acquired: Acquisition = 'received';
      if (move.priceWei !== null) {
        cost = move.priceWei + gas;
        acquired = 'bought';
      } else if (move.from === zeroAddress && sentByOwn) {
        cost = shareOf(move.valueWei, move.amount, shared.minted) + gas;
        acquired = 'minted';
      }
      const lot = { units: move.amount, cost, acquired, acquiredAt: move.atMs, acquiredTx: move.txHash };
      put(move, keyOf(move, move.to), lot);
    } else if (fromOwn) {
      const lot = take(move, keyOf(move, move.from));
      // Sent away without a sale (a gift, a burn): it leaves the portfolio without a realised profit.
      if (move.priceWei === null || (only !== null && move.from !== only)) continue;
      const gas = sentByOwn ? shareOf(move.gasWei, move.amount, shared.out) : 0n;
      // Sales indexed before proceeds were kept have none: their price is the closest figure there is.
      const proceeds = move.proceedsWei ?? move.priceWei;
      const profit = proceeds - lot.cost - gas;
      realised += profit;
      sales.push({ move, lot, proceeds, gas, profit });
    }
  }

  let cost = 0n;
  let floorValue = 0n;
  let unrealised = 0n;
  let unpriced = 0;
  const holdings: PortfolioHolding[] = [];
  for (const position of positions.values()) {
    if (only !== null && position.wallet !== only) continue;
    const { last } = position;
    const floor = catalog.collections.get(last.collection)?.floor ?? null;
    const value = floor === null ? null : floor * position.units;
    cost += position.cost;
    if (value === null) unpriced++;
    else {
      floorValue += value;
      unrealised += value - position.cost;
    }
    holdings.push({
      wallet: position.wallet,
      ...tokenRef(catalog, last, position),
      floor_wei: value === null ? null : value.toString(),
      unrealised_wei: value === null ? null : (value - position.cost).toString(),
    });
  }
  holdings.sort((a, b) => (b.acquired_at ?? 0) - (a.acquired_at ?? 0));
  return {
    holdings,
    sold: sales
      .slice(-PORTFOLIO_SOLD_MAX)
      .toReversed()
      .map(({ move, lot, proceeds, gas, profit }) => ({
        wallet: move.from,
        ...tokenRef(catalog, move, lot),
        sold_at: move.atMs,
        sold_tx: move.txHash,
        proceeds_wei: proceeds.toString(),
        gas_wei: gas.toString(),
        realised_wei: profit.toString(),
      })),
    totals: {
      cost_wei: cost.toString(),
      floor_value_wei: floorValue.toString(),
      unrealised_wei: unrealised.toString(),
      realised_wei: realised.toString(),
      held: holdings.length,
      unpriced,
      sold: sales.length,
    },
  };
}

/**
 * A token's names and picture as the portfolio shows them (its own picture, else its collection's), with its
 * collection's floor per unit; the sell dialog names and prices the tokens it lists with the same.
 */
export function catalogNames(catalog: Catalog, collection: string, tokenId: string) {
  const known = catalog.collections.get(collection);
  const details = catalog.tokens.get(`${collection}:${tokenId}`);
  return {
    collection_name: known?.name ?? null,
    token_name: details?.name ?? null,
    image_url: details?.imageUrl ?? known?.imageUrl ?? null,
    floor: known?.floor ?? null,
  };
}

function tokenRef(catalog: Catalog, move: WalletMove, lot: Position) {
  const names = catalogNames(catalog, move.collection, move.tokenId);
  return {
    collection: move.collection,
    collection_name: names.collection_name,
    token_id: move.tokenId,
    token_name: names.token_name,
    image_url: names.image_url,
    amount: lot.units.toString(),
    acquired: lot.acquired,
    acquired_at: lot.acquiredAt,
    acquired_tx: lot.acquiredTx,
    cost_wei: lot.cost.toString(),
  };
}
