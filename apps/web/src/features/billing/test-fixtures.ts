import type { PaymentItem, PlanPrice, PlansData, PromotionView, QuoteData } from '@floordesk/protocol';
import { ok, stubApi } from '../../test/render-in-app';
import { subscriptionData } from '../../test/subscription-fixtures';

export const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
export const CONTRACT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
export const TX_HASH = `0x${'ab'.repeat(32)}` as const;
const FINNEY = 1_000_000_000_000_000n;
export const finney = (n: number) => (BigInt(n) * FINNEY).toString();

/** The ordinary prices (half year 0.15 ETH); `overrides` change single plans. */
export function planPrices(overrides: Partial<Record<number, Partial<PlanPrice>>> = {}): PlanPrice[] {
  const base: [number, number, number, number][] = [
    [1, 1, 30, 30],
    [2, 3, 90, 83],
    [3, 5, 150, 125],
    [4, 6, 180, 150],
    [5, 12, 365, 255],
  ];
  return base.map(([plan, months, days, price]) => ({
    plan,
    months,
    days,
    list_price: finney(price),
    price: finney(price),
    reason: 'identity',
    ...overrides[plan],
  }));
}

export function plansData(overrides: Partial<PlansData> = {}): PlansData {
  return {
    identity: '0',
    plans: planPrices(),
    promotion: null,
    contract: CONTRACT,
    chain_id: 31337,
    confirmations: 3,
    ...overrides,
  };
}

export function promotion(overrides: Partial<PromotionView> = {}): PromotionView {
  const now = Math.floor(Date.now() / 1000);
  return {
    slug: 'FlashSale',
    title: 'Flash Sale',
    body: 'Every plan 40% off for a day.',
    starts_at: now - 3600,
    ends_at: now + 86_400,
    state: 'live',
    ended_message: 'The Flash Sale is over. See you next time!',
    offers: [{ plan: 4, price: finney(90), percent_off_bps: null }],
    ...overrides,
  };
}

export function payment(overrides: Partial<PaymentItem> = {}): PaymentItem {
  return {
    tx_hash: TX_HASH,
    log_index: 0,
    block_number: 1234,
    block_time: 1_750_000_000,
    plan: 4,
    price: finney(150),
    quote_id: `0x${'11'.repeat(32)}`,
    confirmations: 1,
    credited: false,
    ...overrides,
  };
}

export function quoteData(overrides: Partial<QuoteData['quote']> = {}): QuoteData {
  return {
    quote: {
      payer: ME,
      plan: 4,
      price: finney(150),
      expiry: 1_750_000_600,
      quote_id: `0x${'11'.repeat(32)}`,
      ...overrides,
    },
    signature: `0x${'cd'.repeat(65)}`,
    contract: CONTRACT,
    chain_id: 31337,
    reason: 'identity',
  };
}

type Answer = unknown | ((url: URL, init?: RequestInit) => unknown);

/**
 * A billing server: each path answers its entry (a function of the request, or the envelope itself); a list answers
 * its entries in turn, the last one repeating. Unlisted paths answer null data.
 */
export function stubBillingApi(routes: Record<string, Answer | Answer[]>) {
  const queues = new Map(
    Object.entries(routes).map(([path, answer]) => [path, Array.isArray(answer) ? [...answer] : [answer]]),
  );
  return stubApi((url, init) => {
    const queue = queues.get(url.pathname);
    if (!queue) return ok(null);
    const answer = queue.length > 1 ? queue.shift() : queue[0];
    return typeof answer === 'function' ? (answer as (url: URL, init?: RequestInit) => unknown)(url, init) : answer;
  });
}

export { ok, subscriptionData };
