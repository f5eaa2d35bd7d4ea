import { z } from 'zod';
import { IntString } from './live';
import { UintString } from './market';
import { Address } from './primitives';

/**
 * How an item came to the user's wallets: bought in a sale, minted by a transaction one of the wallets sent, or
 * received from someone else without a sale (an airdrop, a gift, a mint paid by another wallet, or anything from
 * before the index began): that one costs nothing and says so.
 */
export const ACQUISITIONS = ['bought', 'minted', 'received'] as const;
export type Acquisition = (typeof ACQUISITIONS)[number];

/** `?wallet=`: one of the caller's own wallets; absent, all of them. */
export const PortfolioQuery = z.object({ wallet: Address.optional() });

const TokenRef = {
  collection: Address,
  collection_name: z.string().nullable(),
  token_id: UintString,
  token_name: z.string().nullable(),
  image_url: z.string().nullable(),
  /** ERC-1155 units; 1 for ERC-721. */
  amount: UintString,
  acquired: z.enum(ACQUISITIONS),
  /**
   * Unix ms of the acquisition (the latest one for an ERC-1155 position bought more than once); null for an item
   * held from before the index began.
   */
  acquired_at: z.number().int().nullable(),
  acquired_tx: z.string().nullable(),
  /** Wei: price paid (fees included) or mint price, plus the acquisition's share of its gas; average for ERC-1155. */
  cost_wei: UintString,
};

export const PortfolioHolding = z.object({
  /** The own wallet holding it now. */
  wallet: Address,
  ...TokenRef,
  /** Wei: the collection's floor (its cheapest fillable listing) times `amount`; null when nothing is listed. */
  floor_wei: UintString.nullable(),
  /** Wei, floor − cost; null without a floor. */
  unrealised_wei: IntString.nullable(),
});
export type PortfolioHolding = z.infer<typeof PortfolioHolding>;

export const PortfolioSale = z.object({
  /** The own wallet it was sold from. */
  wallet: Address,
  ...TokenRef,
  sold_at: z.number().int(),
  sold_tx: z.string(),
  /** Wei the seller received, after marketplace fee and royalty. */
  proceeds_wei: UintString,
  /** Wei: the sell transaction's gas share, when one of the own wallets sent it; else 0. */
  gas_wei: UintString,
  /** Wei, proceeds − cost − gas. */
  realised_wei: IntString,
});
export type PortfolioSale = z.infer<typeof PortfolioSale>;

export const PortfolioTotals = z.object({
  /** Wei, the cost of everything held. */
  cost_wei: UintString,
  /** Wei, the floor value of what is held where there is a floor. */
  floor_value_wei: UintString,
  /** Wei, summed over the holdings with a floor. */
  unrealised_wei: IntString,
  realised_wei: IntString,
  held: z.number().int(),
  /** Holdings without a floor: outside floor value and unrealised profit. */
  unpriced: z.number().int(),
  /** Every sale, also those beyond the listed latest ones. */
  sold: z.number().int(),
});
export type PortfolioTotals = z.infer<typeof PortfolioTotals>;

export const PortfolioData = z.object({
  /** The caller's own wallets (the signed-in one first), for the filter. */
  wallets: z.array(Address),
  /** The wallet the figures are limited to; null for all. */
  wallet: Address.nullable(),
  totals: PortfolioTotals,
  /** Newest acquisition first. */
  holdings: z.array(PortfolioHolding),
  /** Newest sale first, the latest PORTFOLIO_SOLD_MAX of `totals.sold`. */
  sold: z.array(PortfolioSale),
});
export type PortfolioData = z.infer<typeof PortfolioData>;
