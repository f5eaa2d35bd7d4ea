import type { Address, Hex } from 'viem';

/** The devnet's two Seaport marketplaces; they differ in conduit and fee. */
export type SimMarketplace = 'opensea' | 'soduswap';

export type ActionKind = 'list' | 'buy' | 'sweep' | 'reprice' | 'cancel' | 'transfer' | 'mint' | 'counter' | 'idle';

/** One trader action and what came of it. */
export type SimulatorAction = {
  kind: ActionKind;
  /**
   * `skipped`: nothing to do, or the simulated call would revert; `refused`: the order book turned the listing
   * down; `error`: it threw.
   */
  outcome: 'done' | 'skipped' | 'refused' | 'error';
  bot: Address | null;
  /** The collection's slug. */
  collection: string | null;
  txHash: Hex | null;
  /** Listings posted (list, reprice) or targeted (buy, sweep, cancel). */
  orderHashes: Hex[];
  detail: string | null;
  at: string;
};

export type TradeMethod = 'fulfillOrder' | 'fulfillBasicOrder_efficient_6GL6yc' | 'fulfillAvailableAdvancedOrders';

export type TradeStatus = 'pending' | 'success' | 'reverted' | 'dropped';

/** A buy or sweep transaction the simulator sent. */
export type SimulatedTrade = {
  kind: 'buy' | 'sweep';
  method: TradeMethod;
  txHash: Hex;
  buyer: Address;
  collection: string;
  orders: Array<{
    orderHash: Hex;
    seller: Address;
    tokenId: bigint;
    amount: bigint;
    /** Everything the buyer pays for this order: seller, marketplace fee and royalty. */
    priceWei: bigint;
    marketplace: SimMarketplace;
  }>;
  sentAt: string;
  /** Follows the receipt; `dropped` when it was never mined. */
  status: TradeStatus;
};
