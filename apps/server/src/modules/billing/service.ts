import { randomBytes } from 'node:crypto';
import { signQuote } from '@floordesk/contracts';
import {
  discountedWei,
  HALF_YEAR_PRICE_WEI,
  IDENTITY,
  type Lang,
  type Identity,
  INVITEE_DISCOUNT_BPS,
  isIdentity,
  type PlanId,
  PLAN_IDS,
  PLAN_TERMS,
  type PlanPrice,
  planPriceWei,
  type PlansData,
  type PlansQuery,
  type PriceReason,
  type PromotionOffer,
  QUOTE_TTL_SECONDS,
  type QuoteData,
  type QuoteRequest,
  Status,
  type SubscriptionData,
  type UserCheckData,
} from '@floordesk/protocol';
import { type Address, type Hex, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { AppContext } from '../../context';
import { ok, refuse, type Result } from '../../result';
import { unixSeconds } from '../../time';
import { ensName } from '../ens/service';
import { identityOf } from '../user/service';
import { entitlementOf, trialTimes } from './entitlement';
import { livePromotionOffers, promotionView } from './promotions';
import { communityById, hasPaid, inviterOf } from './store';

/** The devnet seeds its sales at every start (main.ts). */
export { writePromotion } from './promotions';

/**
 * Why a premium-only call is refused, or null when the caller is premium: 1919 'Your test has ended' to someone
 * whose trial ran out unpaid, 1401 to everyone else.
 */
export async function premiumRefusal(
  ctx: AppContext,
  address: string,
): Promise<typeof Status.TrialEnded | typeof Status.PremiumRequired | null> {
  const entitlement = await entitlementOf(ctx, address);
  if (entitlement.endFlag > 0) return null;
  return entitlement.trial ? Status.TrialEnded : Status.PremiumRequired;
}

/** The user check (the original app's checkWhiteUser): premium's end, identity and ENS name. */
export async function checkUser(ctx: AppContext, address: string): Promise<UserCheckData> {
  const [entitlement, { identity }, ens] = await Promise.all([
    entitlementOf(ctx, address),
    identityOf(ctx.db, address),
    ensName(ctx, address),
  ]);
  return { user_address: address, end_flag: entitlement.endFlag, identity, before_ens: ens };
}

export async function subscriptionOf(ctx: AppContext, address: string): Promise<SubscriptionData> {
  const [entitlement, { identity }] = await Promise.all([entitlementOf(ctx, address), identityOf(ctx.db, address)]);
  const { trial, head, creditedTo } = entitlement;
  return {
    end_flag: entitlement.endFlag,
    identity: knownIdentity(identity),
    granted: entitlement.granted,
    trial: trial ? trialTimes(trial) : null,
    payments: entitlement.payments.map((payment) => ({
      tx_hash: payment.txHash,
      log_index: payment.logIndex,
      block_number: payment.blockNumber,
      block_time: unixSeconds(payment.blockTime),
      plan: payment.plan as PlanId,
      price: payment.priceWei.toString(),
      quote_id: payment.quoteId,
      confirmations: Math.max(0, head - payment.blockNumber + 1),
      credited: payment.blockNumber <= creditedTo,
    })),
    grants: entitlement.grants,
    confirmations: ctx.config.subscriptions.confirmations,
  };
}

/** What sets the caller's half-year price: their identity, their community, and whether they paid before. */
type Pricing = { identity: Identity; halfYearWei: bigint; reason: PriceReason; invited: boolean };

async function pricingOf(ctx: AppContext, address: string | undefined): Promise<Pricing> {
  const ordinary: Pricing = {
    identity: IDENTITY.ordinary,
    halfYearWei: HALF_YEAR_PRICE_WEI.ordinary,
    reason: 'identity',
    invited: false,
  };
  if (address === undefined) return ordinary;
  const [{ identity: stored, communityId }, paid, inviter] = await Promise.all([
    identityOf(ctx.db, address),
    hasPaid(ctx.db, address),
    inviterOf(ctx.db, address),
  ]);
  const identity = knownIdentity(stored);
  // An invitation lowers the first payment only.
  const invited = inviter !== undefined && !paid;
  if (identity === IDENTITY.genesis || identity === IDENTITY.moderator) {
    return paid
      ? { identity, halfYearWei: HALF_YEAR_PRICE_WEI.genesisRenewal, reason: 'renewal', invited }
      : { identity, halfYearWei: HALF_YEAR_PRICE_WEI.genesis, reason: 'identity', invited };
  }
  if ((identity === IDENTITY.communityManager || identity === IDENTITY.communityMember) && communityId !== null) {
    const community = await communityById(ctx.db, communityId);
    if (community) {
      return { identity, halfYearWei: BigInt(community.halfYearPriceWei), reason: 'community', invited };
    }
  }
  return { ...ordinary, identity, invited };
}

/** The lowest price that applies to the plan: identity (or community, renewal), invitation, a live sale. */
function priceOf(pricing: Pricing, plan: PlanId, offers: readonly PromotionOffer[]): PlanPrice {
  const own = planPriceWei(pricing.halfYearWei, plan);
  const candidates: Array<{ price: bigint; reason: PriceReason }> = [{ price: own, reason: pricing.reason }];
  if (pricing.invited) candidates.push({ price: discountedWei(own, INVITEE_DISCOUNT_BPS), reason: 'invitation' });
  const offer = offers.find((item) => item.plan === plan);
  if (offer) {
    const price = offer.price !== null ? BigInt(offer.price) : discountedWei(own, offer.percent_off_bps ?? 0);
    candidates.push({ price, reason: 'promotion' });
  }
  // The first of equal prices wins: a sale that saves nothing is not the reason.
  const best = candidates.reduce((low, candidate) => (candidate.price < low.price ? candidate : low));
  const term = PLAN_TERMS[plan];
  return {
    plan,
    months: term.months,
    days: term.days,
    list_price: planPriceWei(HALF_YEAR_PRICE_WEI.ordinary, plan).toString(),
    price: best.price.toString(),
    reason: best.reason,
  };
}

export async function plansFor(
  ctx: AppContext,
  address: string | undefined,
  query: PlansQuery,
  lang: Lang,
): Promise<PlansData> {
  const [pricing, promotion] = await Promise.all([
    pricingOf(ctx, address),
    query.promotion === undefined ? undefined : promotionView(ctx, query.promotion, lang),
  ]);
  const offers = promotion?.state === 'live' ? promotion.offers : [];
  return {
    identity: pricing.identity,
    plans: PLAN_IDS.map((plan) => priceOf(pricing, plan, offers)),
    promotion: promotion ?? null,
    contract: sellingContract(ctx) ?? null,
    chain_id: ctx.config.chainId,
    confirmations: ctx.config.subscriptions.confirmations,
  };
}

/** The contract payments go to, when this server can also sign quotes for it. */
function sellingContract(ctx: AppContext): Hex | undefined {
  const contract = ctx.chain?.contracts.subscriptions;
  return contract !== undefined && ctx.config.subscriptions.quoteSignerKey !== undefined ? contract : undefined;
}

/**
 * A quote of the plan at the caller's price, signed for QUOTE_TTL_SECONDS. Refusals: 1902 the agreement is not
 * ticked, 1905 no contract or signer, 1903/1904 the sale asked for has ended or not started.
 */
export async function quote(ctx: AppContext, payer: string, request: QuoteRequest): Promise<Result<QuoteData>> {
  if (!request.agree) return refuse(Status.AgreementRequired);
  const contract = sellingContract(ctx);
  const signerKey = ctx.config.subscriptions.quoteSignerKey;
  if (contract === undefined || signerKey === undefined) return refuse(Status.SubscriptionsUnavailable);
  const offers = request.promotion === undefined ? ok([]) : await livePromotionOffers(ctx, request.promotion);
  if (!offers.ok) return offers;
  const plan = request.plan as PlanId;
  const price = priceOf(await pricingOf(ctx, payer), plan, offers.value);
  const expiry = unixSeconds(ctx.now()) + QUOTE_TTL_SECONDS;
  const quoteId = toHex(randomBytes(32));
  const signature = await signQuote(privateKeyToAccount(signerKey), ctx.config.chainId, contract, {
    payer: payer as Address,
    plan,
    price: BigInt(price.price),
    expiry: BigInt(expiry),
    quoteId,
  });
  return ok({
    quote: { payer, plan, price: price.price, expiry, quote_id: quoteId },
    signature,
    contract,
    chain_id: ctx.config.chainId,
    reason: price.reason,
  });
}

/** A stored identity this build does not know (written by a newer one) prices as ordinary. */
function knownIdentity(identity: string): Identity {
  return isIdentity(identity) ? identity : IDENTITY.ordinary;
}
