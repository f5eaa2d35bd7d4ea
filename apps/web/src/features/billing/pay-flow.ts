import {
  type PlanId,
  type PromotionSlug,
  type QuoteData,
  type QuoteRequest,
  SUBSCRIBE_ABI,
  type SubscriptionData,
} from '@floordesk/protocol';
import { encodeFunctionData } from 'viem';
import { createStore, useStore } from 'zustand';
import { billingText } from '../../lib/billing-texts';
import { USER_REJECTED, walletErrorCode, walletErrorOf } from '../../lib/wallet/errors';
import type { WalletTransaction } from '../../lib/wallet/wallet-actions';
import type { ReceiptStatus } from '../../lib/wallet/wallet-receipt';
import type { WalletState } from '../../lib/wallet/wallet-store';
import type { Wallet } from '../../lib/wallet/wallets';

type Hash = `0x${string}`;

/** How often a sent payment asks the server how many confirmations it has. */
export const PAY_POLL_MS = 2000;
/**
 * A payment not credited after this long is left to the payment record: its quote (10 minutes) has long expired,
 * so it was either mined and is on record by then, or it will revert.
 */
export const PAY_GIVE_UP_MS = 30 * 60_000;

/** `unconfirmed`: given up waiting (PAY_GIVE_UP_MS); the payment record will tell. */
export type PayPhase = 'quoting' | 'signing' | 'waiting' | 'confirming' | 'confirmed' | 'failed' | 'unconfirmed';

export type PayRun = {
  id: number;
  plan: PlanId;
  phase: PayPhase;
  txHash: Hash | null;
  chainId: number | null;
  /** The payment's confirmations and the number it needs, once the server has it. */
  confirmations: number;
  required: number;
  /** When the membership ends, once the payment is credited (unix seconds). */
  endsAt: number | null;
  /** Why it failed. */
  message: string | null;
};

export const payRunStore = createStore<{ run: PayRun | null }>()(() => ({ run: null }));

export function usePayRun(): PayRun | null {
  return useStore(payRunStore, (state) => state.run);
}

export function isPayBusy(run: PayRun | null): boolean {
  return (
    run !== null &&
    (run.phase === 'quoting' || run.phase === 'signing' || run.phase === 'waiting' || run.phase === 'confirming')
  );
}

/** Hides a finished run's panel. */
export function dismissPayRun(): void {
  if (!isPayBusy(payRunStore.getState().run)) payRunStore.setState({ run: null });
}

export type PayRequest = {
  plan: PlanId;
  /** The sale page paid from: its price counts while the sale is live. */
  promotion?: PromotionSlug;
  /** The chain the plans say payments go to (`PlansData.chain_id`). */
  chainId: number;
};

export type PayDeps = {
  /** False (and the sign-in prompt shown) for a visitor. */
  requireLogin: () => boolean;
  /** Still signed in: a sign-out stops the polling. */
  signedIn: () => boolean;
  wallet: () => Pick<WalletState, 'wallet' | 'account' | 'chainId'>;
  quote: (request: QuoteRequest) => Promise<QuoteData>;
  subscription: () => Promise<SubscriptionData>;
  send: (wallet: Wallet, account: Hash, tx: WalletTransaction) => Promise<Hash>;
  receipt: (wallet: Wallet, hash: Hash) => Promise<ReceiptStatus>;
  /** The sweep's wrong-network message for a wallet that is not on `chainId`. */
  wrongNetwork: (chainId: number) => Promise<string>;
  /** The wallet lost our permission (4100): ask for it again. */
  reauthorize: (wallet: Wallet, error: unknown) => void;
  notify: (message: string) => void;
  /** The payment is credited: premium, prices and the payment record change. */
  credited: () => void;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
};

let lastRunId = 0;

/** The contract call the quote pays for: `subscribe(quote, signature)` with the quote's price as value. */
export function subscribeTransaction({ quote, signature, contract, chain_id }: QuoteData): WalletTransaction {
  const data = encodeFunctionData({
    abi: SUBSCRIBE_ABI,
    functionName: 'subscribe',
    args: [
      {
        payer: quote.payer as Hash,
        plan: quote.plan,
        price: BigInt(quote.price),
        expiry: BigInt(quote.expiry),
        quoteId: quote.quote_id as Hash,
      },
      signature as Hash,
    ],
  });
  // No gas limit or fees: the wallet estimates them for this one call.
  return { chain_id, to: contract, data, value: quote.price };
}

/**
 * Paying for a plan: the server quotes and signs the price, the wallet sends `subscribe`, then the server's record
 * of the caller's payments is polled until this one has its confirmations and is credited. Each step writes what
 * the user sees into `payRunStore`. The agreement tick is the page's to check before this starts.
 */
export async function runPayment(request: PayRequest, deps: PayDeps): Promise<void> {
  if (!deps.requireLogin()) return;
  if (isPayBusy(payRunStore.getState().run)) return;
  const { wallet, account, chainId } = deps.wallet();
  // As with the sweep: a wallet on another chain (or none) is not even asked; the wrong-network banner offers the switch.
  if (!wallet || !account || chainId !== request.chainId) {
    deps.notify(await deps.wrongNetwork(request.chainId));
    return;
  }

  const id = ++lastRunId;
  payRunStore.setState({
    run: {
      id,
      plan: request.plan,
      phase: 'quoting',
      txHash: null,
      chainId,
      confirmations: 0,
      required: 0,
      endsAt: null,
      message: null,
    },
  });
  function update(change: Partial<PayRun>) {
    const { run } = payRunStore.getState();
    if (run?.id === id) payRunStore.setState({ run: { ...run, ...change } });
  }
  const fail = (message: string) => update({ phase: 'failed', message });

  let quote: QuoteData;
  try {
    quote = await deps.quote({
      plan: request.plan,
      ...(request.promotion === undefined ? {} : { promotion: request.promotion }),
      agree: true,
    });
  } catch {
    // The API client has shown the server's refusal (or that it cannot be reached); there is nothing to follow.
    if (payRunStore.getState().run?.id === id) payRunStore.setState({ run: null });
    return;
  }
  if (quote.chain_id !== chainId) {
    if (payRunStore.getState().run?.id === id) payRunStore.setState({ run: null });
    deps.notify(await deps.wrongNetwork(quote.chain_id));
    return;
  }
  update({ phase: 'signing' });

  let hash: Hash;
  try {
    // From the address the quote is signed for; the contract takes the payment from no other.
    hash = await deps.send(wallet, quote.quote.payer as Hash, subscribeTransaction(quote));
  } catch (error) {
    if (walletErrorCode(error) === USER_REJECTED) return fail(billingText('billing.pay.rejected'));
    const action = walletErrorOf(error);
    if (action.type === 'reauthorize') deps.reauthorize(wallet, error);
    return fail(billingText('billing.pay.failed'));
  }
  update({ phase: 'waiting', txHash: hash });

  const giveUpAt = deps.now() + PAY_GIVE_UP_MS;
  for (;;) {
    if (!deps.signedIn()) {
      if (payRunStore.getState().run?.id === id) payRunStore.setState({ run: null });
      return;
    }
    const subscription = await deps.subscription().catch(() => null);
    const payment = subscription?.payments.find(({ tx_hash }) => tx_hash.toLowerCase() === hash.toLowerCase());
    if (subscription && payment?.credited) {
      update({ phase: 'confirmed', confirmations: payment.confirmations, endsAt: subscription.end_flag });
      deps.credited();
      return;
    }
    if (subscription && payment) {
      update({
        phase: 'confirming',
        confirmations: Math.min(payment.confirmations, subscription.confirmations),
        required: subscription.confirmations,
      });
    } else {
      // Not on record (yet, or any more: a reorganisation dropped its block). A revert never will be.
      if ((await deps.receipt(wallet, hash).catch(() => null)) === 'reverted')
        return fail(billingText('billing.pay.failed'));
      update({ phase: 'waiting' });
    }
    if (deps.now() >= giveUpAt)
      return update({ phase: 'unconfirmed', message: billingText('billing.pay.still_pending') });
    await deps.sleep(PAY_POLL_MS);
  }
}
