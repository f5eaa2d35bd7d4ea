import type { ExchangeProtocol } from '@floordesk/protocol';
import type { Address, Hex } from 'viem';

/** The devnet's marketplaces: OpenSea on Seaport 1.6 through its conduit, LooksRare on its own exchange (v2). */
export type SimMarketplace = 'opensea' | 'looks';

/** The marketplace of a listing signed for each exchange. */
export const MARKETPLACE_OF = {
  seaport: 'opensea',
  'looksrare-v2': 'looks',
} as const satisfies Record<ExchangeProtocol, SimMarketplace>;

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

export type TradeMethod =
  | 'fulfillOrder'
  | 'fulfillBasicOrder_efficient_6GL6yc'
  | 'fulfillAvailableAdvancedOrders'
  | 'executeTakerBid'
  | 'executeMultipleTakerBids';

export type TradeStatus = 'pending' | 'success' | 'reverted' | 'dropped';

/** A buy or sweep transaction the simulator sent. */
export type SimulatedTrade = {
  kind: 'buy' | 'sweep';
  method: TradeMethod;
  txHash: Hex;
  buyer: Address;
  collection: string;
  orders: Array<{
    /** Seaport's order hash, or LooksRare's maker hash (the one its TakerBid names). */
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
