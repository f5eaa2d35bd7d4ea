import { z } from 'zod';
import { GAS_GWEI_MAX, GAS_PRESET_TYPES, type GasEntry as GasEntryValue, gasEntryProblem, gasListProblem } from './gas';
import { Bytes32, HexBytes, UintString } from './market';
import { CollectionAddress, ListingRow } from './market-views';
import { MARKETPLACES } from './marketplaces';
import { Address, ChainId, fieldRuleMessages, intCode } from './primitives';
import {
  PLAN_ITEM_LISTING_FIELDS,
  type PlanItemListingField,
  SKIP_REASONS,
  SWEEP_MAX_ITEMS,
  SWEEP_MIN_ITEMS,
  type SweepRole,
} from './sweep-plan';

const Gwei = z.number().nonnegative().max(GAS_GWEI_MAX).nullable();

/** One gas preset; the rules its values obey are `gasEntryProblem`'s. */
export const GasEntrySchema = z
  .object({
    type: intCode(GAS_PRESET_TYPES, fieldRuleMessages.gas.en),
    status: z.union([z.literal(0), z.literal(1)]),
    /** Priority fee, Gwei (2 decimals); null when unset. */
    prio: Gwei,
    /** Fee on top of `base` × the base fee, Gwei (2 decimals); null when unset. */
    fee: Gwei,
    /** Base-fee multiplier: 0 (custom presets only: `fee` is the whole max fee), 1, 1.5 or 2. */
    base: z.number().min(0).max(2),
  })
  .refine((entry) => gasEntryProblem(entry as GasEntryValue) === null, { error: fieldRuleMessages.gas.en });

/** The six presets in key order, exactly one selected (the original app's `gas_item`, sent to setgas as `gasjson`). */
export const GasList = z
  .array(GasEntrySchema)
  .max(GAS_PRESET_TYPES.length, { error: fieldRuleMessages.gas.en })
  .refine((entries) => gasListProblem(entries as GasEntryValue[]) === null, { error: fieldRuleMessages.gas.en });

/** The saved presets (the original app's getgas): empty until the user saves; the client then sends its own. */
export const GasSettingsData = z.object({ gas: z.array(GasEntrySchema).max(GAS_PRESET_TYPES.length) });
export type GasSettingsData = z.infer<typeof GasSettingsData>;
export const SaveGasSettingsRequest = z.object({ gas: GasList });

const SweepCount = z
  .number()
  .int({ error: fieldRuleMessages.sweepCount.en })
  .min(SWEEP_MIN_ITEMS, { error: fieldRuleMessages.sweepCount.en })
  .max(SWEEP_MAX_ITEMS, { error: fieldRuleMessages.sweepCount.en });

export const SweepQuoteRequest = z
  .object({
    /** The chain the wallet is on: buying anywhere but FloorDesk's chain (`CHAIN_ID`) is refused. */
    chain_id: ChainId,
    collection: CollectionAddress,
    count: SweepCount,
    /** A single buy of this listing (the collection page's Buy); `count` must then be 1. */
    order_id: Bytes32.transform((id) => id.toLowerCase()).optional(),
    /** Wei: the most the user will pay for the planned items (what the user was shown); above it, 1515. */
    max_total: UintString,
    /** Marketplaces whose listings may be bought (the bar's switches). */
    marketplaces: z.array(z.enum(MARKETPLACES)).min(1).max(MARKETPLACES.length),
    /** The 'SKIP PENDING AND FLAGGED' box: leave out listings with a pending buy and flagged tokens. */
    skip_pending_flagged: z.boolean(),
    /** The preset that sets the transaction's fees. */
    gas: GasEntrySchema,
  })
  .refine((request) => request.order_id === undefined || request.count === 1, {
    error: fieldRuleMessages.sweepCount.en,
    path: ['count'],
  });
export type SweepQuoteRequest = z.input<typeof SweepQuoteRequest>;

/** One item of a sweep plan: a listing to buy, a spare behind them, or a cheaper one passed over and why. */
export const SweepPlanItem = ListingRow.pick(
  Object.fromEntries(PLAN_ITEM_LISTING_FIELDS.map((field) => [field, true])) as Record<PlanItemListingField, true>,
).extend({
  role: z.enum(['buy', 'spare', 'skip'] as const satisfies readonly SweepRole[]),
  reason: z.enum(SKIP_REASONS).nullable(),
});
export type SweepPlanItem = z.infer<typeof SweepPlanItem>;

/** The transaction the wallet sends, as `eth_sendTransaction` takes it; amounts are decimal strings. */
export const SweepTransaction = z.object({
  chain_id: z.number().int(),
  from: Address,
  to: Address,
  data: HexBytes,
  /** Wei: enough for the worst case (spares replacing planned items); Seaport returns what is not spent. */
  value: UintString,
  /** Gas limit: the estimate + 30%, or 400000 when estimating failed. */
  gas: UintString,
  /** Null when the user's preset leaves the fees to the wallet. */
  max_fee_per_gas: UintString.nullable(),
  max_priority_fee_per_gas: UintString.nullable(),
});
export type SweepTransaction = z.infer<typeof SweepTransaction>;

/** One transaction of a sweep: its own sweep order, bought on one exchange. */
export const SweepQuotePart = z.object({
  /** Identifies the sweep's order record from here on. */
  id: z.string(),
  /** Planned items first (cheapest first), then spares, then skipped ones. */
  items: z.array(SweepPlanItem),
  /** Wei: what the planned items cost together. */
  total: UintString,
  tx: SweepTransaction,
  /** The node's estimate, before the margin; null when it failed and the fallback limit is used. */
  gas_estimate: UintString.nullable(),
});
export type SweepQuotePart = z.infer<typeof SweepQuotePart>;

export const SweepQuoteData = SweepQuotePart.extend({
  /**
   * A plan across exchange protocols (Seaport and LooksRare) that no single transaction can fill: the second
   * protocol's part, a sweep of its own, sent after this one. Null when one transaction buys everything.
   */
  next: SweepQuotePart.nullable(),
});
export type SweepQuoteData = z.infer<typeof SweepQuoteData>;

/** The original app's addorder: the transaction the wallet sent for a quote (`hex`). */
export const SweepRecordRequest = z.object({
  id: z.uuid(),
  tx_hash: Bytes32.transform((hash) => hash.toLowerCase()),
});
export const SweepSettleRequest = z.object({ id: z.uuid() });

/** The order status `flag`: 0 still pending, 1 success (something bought), 2 failure; named by `sweepOutcomeCode`. */
export const SweepOrderFlag = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const SweepOrderItem = SweepPlanItem.extend({
  /**
   * SweepItemStatus once settled (3 bought, 4 failed, 5000 skipped); 1 while pending; null for an unused spare. The
   * names FloorDesk uses for them are `sweepItemStatusCode`'s.
   */
  is_buy: z.number().int().nullable(),
});
export type SweepOrderItem = z.infer<typeof SweepOrderItem>;

export const SweepOrderData = z.object({
  id: z.string(),
  tx_hash: z.string().nullable(),
  flag: SweepOrderFlag,
  items: z.array(SweepOrderItem),
  /** Wei actually paid for the bought items; null until settled. */
  spent: UintString.nullable(),
});
export type SweepOrderData = z.infer<typeof SweepOrderData>;
