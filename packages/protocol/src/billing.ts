import { z } from 'zod';
import { IDENTITIES, PLAN_IDS, PROMOTION_SLUGS, TRIAL_CODE_STATUS } from './billing-rules';
import { Bytes32, UintString } from './market';
import { Address, fieldRuleMessages, intCode, Signature, UnixSeconds } from './primitives';

const PlanId = intCode(PLAN_IDS, 'must be a plan id from 1 to 5');
const IdentitySchema = z.enum(IDENTITIES as [string, ...string[]]);
const PriceReasonSchema = z.enum(['identity', 'renewal', 'community', 'invitation', 'promotion']);
export const PromotionSlugSchema = z.enum(PROMOTION_SLUGS);

/** A code as typed: any text up to 64 characters without control characters; the rules word what is wrong with it. */
const CodeText = z
  .string()
  .max(64)
  .refine((text) => !/\p{Cc}/u.test(text), { error: fieldRuleMessages.plainText.en });

/** One plan as the caller would pay for it now. */
export const PlanPrice = z.object({
  plan: PlanId,
  months: z.number().int(),
  days: z.number().int(),
  /** The ordinary price, before the caller's identity, invitation or a sale: what a price is shown against. */
  list_price: UintString,
  /** What the caller pays (the lowest that applies), in wei. */
  price: UintString,
  reason: PriceReasonSchema,
});
export type PlanPrice = z.infer<typeof PlanPrice>;

export const PromotionOffer = z
  .object({
    plan: PlanId,
    /** The sale's price of the plan, or its percent off the caller's price (in basis points); one of the two. */
    price: UintString.nullable(),
    percent_off_bps: z.number().int().min(0).max(10_000).nullable(),
  })
  .refine((offer) => (offer.price === null) !== (offer.percent_off_bps === null), {
    error: 'give either price or percent_off_bps',
  });
export type PromotionOffer = z.infer<typeof PromotionOffer>;

/** A sale as its page shows it, in the caller's language. */
export const PromotionView = z.object({
  slug: PromotionSlugSchema,
  title: z.string(),
  body: z.string(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  state: z.enum(['upcoming', 'live', 'ended']),
  /** Shown once the sale has ended. */
  ended_message: z.string(),
  offers: z.array(PromotionOffer),
});
export type PromotionView = z.infer<typeof PromotionView>;

export const PlansQuery = z.object({ promotion: PromotionSlugSchema.optional() });
export type PlansQuery = z.infer<typeof PlansQuery>;

export const PlansData = z.object({
  /** The caller's identity ('0' for a visitor). */
  identity: IdentitySchema,
  plans: z.array(PlanPrice),
  /** The sale asked for: null when that page has no sale (never had one). */
  promotion: PromotionView.nullable(),
  /** Where payments go: null when this server takes no subscriptions (no contract configured). */
  contract: Address.nullable(),
  chain_id: z.number().int(),
  /** Blocks a payment needs (its own included) before it is credited. */
  confirmations: z.number().int(),
});
export type PlansData = z.infer<typeof PlansData>;

export const QuoteRequest = z.object({
  plan: PlanId,
  /** The sale page the caller pays from, if any: its price counts while the sale is live. */
  promotion: PromotionSlugSchema.optional(),
  /** The Disclaimer and Terms of Service tick: without it, no quote. */
  agree: z.boolean(),
});
export type QuoteRequest = z.infer<typeof QuoteRequest>;

/** A quote signed by the server for the contract's `subscribe(quote, signature)`; it expires in 10 minutes. */
export const QuoteData = z.object({
  quote: z.object({
    payer: Address,
    plan: PlanId,
    price: UintString,
    /** Unix seconds. */
    expiry: z.number().int(),
    quote_id: Bytes32,
  }),
  signature: Signature,
  contract: Address,
  chain_id: z.number().int(),
  reason: PriceReasonSchema,
});
export type QuoteData = z.infer<typeof QuoteData>;

export const PaymentItem = z.object({
  tx_hash: Bytes32,
  log_index: z.number().int(),
  block_number: z.number().int(),
  /** Unix seconds of the payment's block: its term starts then, or at the end of what it extends. */
  block_time: z.number().int(),
  plan: PlanId,
  price: UintString,
  quote_id: Bytes32,
  /** Blocks on top of the payment's, its own included. */
  confirmations: z.number().int(),
  credited: z.boolean(),
});
export type PaymentItem = z.infer<typeof PaymentItem>;

/** What the subscription is made of, oldest first: each grant extends the end (`max(at, end) + days`). */
export const GrantItem = z.object({
  kind: z.enum(['payment', 'trial', 'invitation']),
  /** Unix seconds. */
  at: z.number().int(),
  days: z.number().int(),
  /** The end after this grant. */
  ends_at: z.number().int(),
});
export type GrantItem = z.infer<typeof GrantItem>;

export const SubscriptionData = z.object({
  /** When premium ends (unix seconds); 0 when not premium now. */
  end_flag: z.number().int(),
  identity: IdentitySchema,
  /** The operator's grant (PREMIUM_ADDRESSES): premium whatever was paid. */
  granted: z.boolean(),
  trial: z.object({ started_at: z.number().int(), ends_at: z.number().int() }).nullable(),
  payments: z.array(PaymentItem),
  grants: z.array(GrantItem),
  confirmations: z.number().int(),
});
export type SubscriptionData = z.infer<typeof SubscriptionData>;

export const TrialCodeItem = z.object({
  code: z.string(),
  created_at: z.number().int(),
  status: z.union([
    z.literal(TRIAL_CODE_STATUS.unused),
    z.literal(TRIAL_CODE_STATUS.usedNotSubscribed),
    z.literal(TRIAL_CODE_STATUS.usedSubscribed),
    z.literal(TRIAL_CODE_STATUS.used),
  ]),
  redeemed_at: z.number().int().nullable(),
});
export type TrialCodeItem = z.infer<typeof TrialCodeItem>;

export const TrialCodesData = z.object({
  /** Members (a paid subscription or the operator's grant) receive codes; others redeem one. */
  member: z.boolean(),
  /** Codes this calendar month (UTC) and the monthly allowance. */
  issued_this_month: z.number().int(),
  per_month: z.number().int(),
  list: z.array(TrialCodeItem),
  /** The caller's own trial, if they ever redeemed a code. */
  trial: z.object({ started_at: z.number().int(), ends_at: z.number().int(), ended: z.boolean() }).nullable(),
});
export type TrialCodesData = z.infer<typeof TrialCodesData>;

export const TrialCodeData = z.object({ code: z.string() });
export type TrialCodeData = z.infer<typeof TrialCodeData>;

export const CodeRequest = z.object({ code: CodeText });
export type CodeRequest = z.infer<typeof CodeRequest>;

export const TrialRedeemedData = z.object({ ends_at: z.number().int() });
export type TrialRedeemedData = z.infer<typeof TrialRedeemedData>;

export const InvitationData = z.object({
  /** The caller's own code, made on first ask. */
  code: z.string(),
  /** Whose code the caller used, if any. */
  invited_by: Address.nullable(),
  /** People who used the caller's code, and how many of them have paid (each paid one added INVITER_BONUS_DAYS). */
  invitees: z.number().int(),
  rewarded: z.number().int(),
});
export type InvitationData = z.infer<typeof InvitationData>;

export const CommunityData = z.object({
  name: z.string(),
  code: z.string(),
  /** The community's half-year price, in wei. */
  half_year_price: UintString,
});
export type CommunityData = z.infer<typeof CommunityData>;

export const CommunityJoinedData = CommunityData.omit({ code: true }).extend({ identity: IdentitySchema });
export type CommunityJoinedData = z.infer<typeof CommunityJoinedData>;

/** What's New: the notes of this build, once per build version. */
export const WhatsNewData = z.object({
  /** The build version the notes are for (`hasOpened{code}` remembers it was shown). */
  code: z.string(),
  title: z.string(),
  items: z.array(z.string()),
});
export type WhatsNewData = z.infer<typeof WhatsNewData>;

/** Operators: set someone's identity (genesis, moderator, community manager of a community, or ordinary again). */
export const IdentityRequest = z.object({
  address: Address,
  identity: IdentitySchema,
  /** The community's code, for a community manager or member. */
  community: CodeText.optional(),
});
export type IdentityRequest = z.infer<typeof IdentityRequest>;

/** Operators: create or change a partner community (by code). */
export const CommunityRequest = z.object({
  name: z.string().min(1).max(80),
  code: CodeText,
  half_year_price: UintString,
});
export type CommunityRequest = z.infer<typeof CommunityRequest>;

/** Operators: create or change a sale (by slug). */
export const PromotionRequest = z.object({
  slug: PromotionSlugSchema,
  title_en: z.string().min(1).max(120),
  title_zh: z.string().min(1).max(120),
  body_en: z.string().max(2000),
  body_zh: z.string().max(2000),
  ended_en: z.string().max(200).optional(),
  ended_zh: z.string().max(200).optional(),
  starts_at: UnixSeconds,
  ends_at: UnixSeconds,
  offers: z.array(PromotionOffer).min(1).max(5),
});
export type PromotionRequest = z.infer<typeof PromotionRequest>;
