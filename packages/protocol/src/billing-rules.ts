// Subscriptions: plans, identities, prices and codes. No schema here, so the web app prices and words them without
// zod (the schemas are in billing.ts). docs/features.md, "Subscriptions", explains every rule below.

/** The plans by id: the id is what a quote and the contract's `Subscribed` event carry. */
export const PLAN = { month: 1, threeMonths: 2, fiveMonths: 3, halfYear: 4, year: 5 } as const;
export type PlanId = (typeof PLAN)[keyof typeof PLAN];
export const PLAN_IDS = Object.values(PLAN) as PlanId[];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'number' && (PLAN_IDS as number[]).includes(value);
}

export type PlanTerm = {
  /** Months the plan is sold as (its name). */
  months: number;
  /** Days it adds to the subscription: whole days, so that the end never depends on a calendar. */
  days: number;
  /**
   * The price per month relative to the half year's, in basis points: short plans cost more per month, the year
   * less. A plan costs `half-year price × months / 6 × factor`, rounded to 0.0001 ETH.
   */
  factorBps: number;
};

export const PLAN_TERMS: Record<PlanId, PlanTerm> = {
  [PLAN.month]: { months: 1, days: 30, factorBps: 12_000 },
  [PLAN.threeMonths]: { months: 3, days: 90, factorBps: 11_000 },
  [PLAN.fiveMonths]: { months: 5, days: 150, factorBps: 10_000 },
  [PLAN.halfYear]: { months: 6, days: 180, factorBps: 10_000 },
  [PLAN.year]: { months: 12, days: 365, factorBps: 8_500 },
};

export const SECONDS_PER_DAY = 86_400;

/**
 * Identities (the user check's `identity`): who someone is to FloorDesk decides their half-year price. An operator
 * sets 1–3; a community code makes an ordinary user 4.
 */
export const IDENTITY = {
  ordinary: '0',
  /** A beta tester: the genesis price, then the genesis renewal price once they have paid. */
  genesis: '1',
  /** Runs a partner community: hands out its community code and pays its community's price. */
  communityManager: '2',
  /** A moderator: priced as genesis. */
  moderator: '3',
  /** A holder or admin of a partner community who entered its community code: the community's price. */
  communityMember: '4',
} as const;
export type Identity = (typeof IDENTITY)[keyof typeof IDENTITY];
export const IDENTITIES = Object.values(IDENTITY) as Identity[];

export function isIdentity(value: unknown): value is Identity {
  return typeof value === 'string' && (IDENTITIES as string[]).includes(value);
}

const FINNEY = 1_000_000_000_000_000n;
/** Half-year prices in wei: ordinary 0.15 ETH, genesis 0.09, genesis renewal 0.075. */
export const HALF_YEAR_PRICE_WEI = {
  ordinary: 150n * FINNEY,
  genesis: 90n * FINNEY,
  genesisRenewal: 75n * FINNEY,
} as const;

/** Prices are whole multiples of 0.0001 ETH. */
export const PRICE_STEP_WEI = 100_000_000_000_000n;

export function roundToPriceStep(wei: bigint): bigint {
  return ((wei + PRICE_STEP_WEI / 2n) / PRICE_STEP_WEI) * PRICE_STEP_WEI;
}

/** A plan's price from a half-year price: `half-year × months / 6 × factor`, to 0.0001 ETH. */
export function planPriceWei(halfYearWei: bigint, plan: PlanId): bigint {
  const term = PLAN_TERMS[plan];
  return roundToPriceStep((halfYearWei * BigInt(term.months) * BigInt(term.factorBps)) / (6n * 10_000n));
}

/** A price less a discount in basis points, to 0.0001 ETH. */
export function discountedWei(priceWei: bigint, percentOffBps: number): bigint {
  return roundToPriceStep((priceWei * BigInt(10_000 - percentOffBps)) / 10_000n);
}

/** A quote is signed for this long: the wallet has ten minutes to pay it. */
export const QUOTE_TTL_SECONDS = 600;

/** A trial code's trial. */
export const TRIAL_DAYS = 7;
/** Trial codes a member receives per calendar month (UTC). */
export const TRIAL_CODES_PER_MONTH = 3;
/** Trial codes are 10 characters from this alphabet: no 0/O or 1/I/L to misread. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const TRIAL_CODE_LENGTH = 10;

/** An invited user's first subscription costs this much less. */
export const INVITEE_DISCOUNT_BPS = 1_000;
/** Days the inviter gains when their invitee's first payment is credited. */
export const INVITER_BONUS_DAYS = 30;
/** A chosen invitation code: 4–16 letters or digits, compared without case. */
export const INVITATION_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

/** How a trial code stands, for the member who handed it out. */
export const TRIAL_CODE_STATUS = {
  unused: 0,
  /** Redeemed; the redeemer's trial runs and they have not subscribed. */
  usedNotSubscribed: 1,
  /** Redeemed, and the redeemer has since subscribed. */
  usedSubscribed: 2,
  /** Redeemed; the trial ended without a subscription. */
  used: 3,
} as const;
export type TrialCodeStatus = (typeof TRIAL_CODE_STATUS)[keyof typeof TRIAL_CODE_STATUS];

/** Why a price is what it is: the lowest of the caller's identity price, an invitation and a live sale. */
export type PriceReason = 'identity' | 'renewal' | 'community' | 'invitation' | 'promotion';

/**
 * The routes that show a sale, each over its row of the `promotions` table by slug (the route's path without the
 * slash): the original app's nine promotion pages, its discount page and its test plans page.
 */
export const PROMOTION_SLUGS = [
  'spring',
  'promo',
  'ChristmasPromo',
  'NewYearPromo',
  'ChineseNewYear',
  'FlashSale',
  'vinland',
  'blackfriday',
  'VIP3',
  'discount',
  'planstst',
] as const;
export type PromotionSlug = (typeof PROMOTION_SLUGS)[number];

/**
 * The payment contract's `subscribe(quote, signature)`, as the wallet calls it with the quote from
 * `POST /api/subscription/quote` and `value` = its price (the contract is packages/contracts' FloorDeskSubscriptions).
 */
export const SUBSCRIBE_ABI = [
  {
    type: 'function',
    name: 'subscribe',
    stateMutability: 'payable',
    inputs: [
      {
        name: 'quote',
        type: 'tuple',
        components: [
          { name: 'payer', type: 'address' },
          { name: 'plan', type: 'uint8' },
          { name: 'price', type: 'uint256' },
          { name: 'expiry', type: 'uint256' },
          { name: 'quoteId', type: 'bytes32' },
        ],
      },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [],
  },
] as const;
