import type { AppConfigData, CancelListingsData, CancelListingsRequest, CancelTransaction } from '@floordesk/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiError, apiClient } from '../../lib/api-client';
import { appConfigQueryOptions } from '../../lib/api/app-config';
import { shortAddress } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { queryClient as appQueryClient } from '../../lib/query-client';
import { handleWalletError, USER_REJECTED, walletErrorCode, walletErrorOf } from '../../lib/wallet/errors';
import { loadWalletActions } from '../../lib/wallet/load-wallet-actions';
import type { WalletTransaction } from '../../lib/wallet/wallet-actions';
import { awaitReceipts, type ReceiptStatus, readWalletReceipt } from '../../lib/wallet/wallet-receipt';
import { type WalletState, walletStore } from '../../lib/wallet/wallet-store';
import type { Wallet } from '../../lib/wallet/wallets';
import { wrongNetworkMessage } from '../../lib/wrong-network-message';
import { MY_LISTINGS_QUERY_KEY } from './my-listings-api';
import { myListingsText } from './my-listings-texts';

/**
 * Cancelling listings, without any UI: the server plans the transactions (`POST /api/sell/cancel`), the trader sees
 * what each costs before the wallet opens, then the connected wallet sends them and their receipts are awaited.
 *
 * Two ways in:
 * - `planCancel(request)` → a `CancelPlan` (each transaction's `fee_wei`, their total) or the server's refusal in its
 *   own words; then `sendCancel(plan)` → a `CancelOutcome`. Both take their dependencies last (tests pass fakes).
 * - `useCancelListings()`: the same as a small state machine for a confirm dialog (`start`, `confirm`, `reset`).
 *
 * Nothing is sent unless every transaction's `from` is the connected account on FloorDesk's chain (a plan may end
 * listings of another of the trader's wallets: they say which to switch to). A wallet rejection (4001) sends
 * nothing further. Once anything sent is mined, the My listings queries are invalidated.
 */

type Hash = `0x${string}`;

export type CancelPlan = {
  /** In the order they are sent: one per marketplace (Seaport, LooksRare), each with its own `fee_wei`. */
  transactions: readonly CancelTransaction[];
  /** What they cost together at the fees now, wei. */
  feeWei: bigint;
  /** Every active listing they end. */
  orderHashes: readonly string[];
};

export type PlanResult = { ok: true; plan: CancelPlan } | { ok: false; status: number | null; message: string };

export type CancelDeps = {
  request: (body: CancelListingsRequest) => Promise<CancelListingsData>;
  wallet: () => Pick<WalletState, 'wallet' | 'account' | 'chainId'>;
  appConfig: () => Promise<AppConfigData>;
  send: (wallet: Wallet, account: Hash, tx: WalletTransaction) => Promise<Hash>;
  receipt: (wallet: Wallet, hash: Hash) => Promise<ReceiptStatus>;
  /** The wallet lost our permission (4100): ask for it again. */
  reauthorize: (wallet: Wallet, error: unknown) => void;
  /** Something sent was mined (or given up on): what My listings shows is out of date. */
  listingsChanged: () => void;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
};

/** What sending a plan came to. `hashes`: the transactions the wallet sent, whatever became of them. */
export type CancelOutcome =
  | { status: 'done'; hashes: Hash[] }
  /** Nothing was sent: the wallet is not the account the plan needs (`wallet`), or not on FloorDesk's chain. */
  | { status: 'switch'; message: string; wallet: string | null }
  /**
   * `rejected`: the trader said no in the wallet (4001); `failed`: the wallet failed, the transaction reverted, or
   * no receipt came in time.
   */
  | { status: 'rejected' | 'failed'; message: string; hashes: Hash[] };

export type CancelProgress = { phase: 'signing'; index: number } | { phase: 'mining'; hashes: readonly Hash[] };

export const liveCancelDeps: CancelDeps = {
  // The refusal is shown where the trader confirms (the dialog), not as a toast as well.
  request: (body) => apiClient.call('cancelListings', { body, hideErr: true }),
  wallet: () => walletStore.getState(),
  appConfig: () => appQueryClient.fetchQuery(appConfigQueryOptions),
  send: async (wallet, account, tx) => (await loadWalletActions()).sendWalletTransaction(wallet, account, tx),
  receipt: readWalletReceipt,
  reauthorize: (wallet, error) => handleWalletError(error, { signing: false, wallet }),
  listingsChanged: () => void appQueryClient.invalidateQueries({ queryKey: MY_LISTINGS_QUERY_KEY }),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: Date.now,
};

export function planOf({ transactions }: CancelListingsData): CancelPlan {
  return {
    transactions,
    feeWei: transactions.reduce((sum, tx) => sum + BigInt(tx.fee_wei), 0n),
    orderHashes: transactions.flatMap((tx) => tx.order_hashes),
  };
}

/** Asks the server how to cancel: the plan to confirm, or why it will not (ended, would revert, not premium…). */
export async function planCancel(
  request: CancelListingsRequest,
  deps: Pick<CancelDeps, 'request'> = liveCancelDeps,
): Promise<PlanResult> {
  try {
    return { ok: true, plan: planOf(await deps.request(request)) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The API client words network failures itself; a refusal is the server's message in the trader's language.
    return { ok: false, status: error.kind === 'status' ? error.status : null, message: error.message };
  }
}

/** The wallet's request: no value, the server's gas limit (its estimate + margin), fees left to the wallet. */
function walletTransactionOf(tx: CancelTransaction, chainId: number): WalletTransaction {
  return { chain_id: chainId, to: tx.to, data: tx.data, value: '0', gas: tx.gas };
}

function refusalOf(
  error: unknown,
  wallet: Wallet,
  deps: CancelDeps,
): { status: 'rejected' | 'failed'; message: string } {
  if (walletErrorCode(error) === USER_REJECTED) {
    return { status: 'rejected', message: myListingsText('my_listings.cancel.rejected') };
  }
  const action = walletErrorOf(error);
  if (action.type === 'reauthorize') deps.reauthorize(wallet, error);
  const message = action.type === 'notify' ? action.message : myListingsText('my_listings.cancel.reauthorize');
  return { status: 'failed', message };
}

/**
 * Sends a plan's transactions one after the other from the connected wallet, then waits for their receipts.
 * `onProgress` hears which transaction the wallet is asked for, and when all sent ones are being mined.
 */
export async function sendCancel(
  plan: CancelPlan,
  deps: CancelDeps = liveCancelDeps,
  onProgress: (progress: CancelProgress) => void = () => {},
): Promise<CancelOutcome> {
  const { wallet, account, chainId } = deps.wallet();
  const stranger = plan.transactions.find((tx) => tx.from.toLowerCase() !== account?.toLowerCase());
  if (stranger || !wallet) {
    const from = stranger?.from ?? null;
    const message = myListingsText('my_listings.cancel.wrong_account', { wallet: from ? shortAddress(from) : '' });
    return { status: 'switch', message, wallet: from };
  }
  let config: AppConfigData;
  try {
    config = await deps.appConfig();
  } catch {
    // The API client has told the trader the server cannot be reached.
    return { status: 'failed', message: i18n.t('err.network'), hashes: [] };
  }
  if (chainId !== config.chain_id) return { status: 'switch', message: wrongNetworkMessage(config), wallet: null };

  const hashes: Hash[] = [];
  let refusal: { status: 'rejected' | 'failed'; message: string } | null = null;
  for (const [index, tx] of plan.transactions.entries()) {
    onProgress({ phase: 'signing', index });
    try {
      hashes.push(await deps.send(wallet, tx.from as Hash, walletTransactionOf(tx, config.chain_id)));
    } catch (error) {
      refusal = refusalOf(error, wallet, deps);
      break;
    }
  }
  if (hashes.length === 0) return refusal ? { ...refusal, hashes } : { status: 'done', hashes };

  // What was sent goes ahead even after a later refusal: its receipt is awaited all the same.
  onProgress({ phase: 'mining', hashes });
  // Not mined in RECEIPT_GIVE_UP_MS: the page picks it up once it is (live notices, polling).
  const receipt = await awaitReceipts(hashes, wallet, deps);
  deps.listingsChanged();
  if (refusal) return { ...refusal, hashes };
  if (receipt === 'reverted')
    return { status: 'failed', message: myListingsText('my_listings.cancel.reverted'), hashes };
  if (receipt === null) return { status: 'failed', message: myListingsText('my_listings.cancel.pending'), hashes };
  return { status: 'done', hashes };
}

/** Where a cancellation stands, for a confirm dialog. */
export type CancelState =
  | { phase: 'idle' }
  | { phase: 'planning' }
  /** The plan awaits the trader's OK; `message`: why the last OK sent nothing (another account or chain). */
  | { phase: 'confirm'; plan: CancelPlan; message: string | null }
  /** The wallet is asked for transaction `index` of the plan. */
  | { phase: 'signing'; plan: CancelPlan; index: number }
  | { phase: 'mining'; plan: CancelPlan; hashes: readonly Hash[] }
  | { phase: 'done'; plan: CancelPlan; hashes: readonly Hash[] }
  /** `plan` is null when the server refused to plan. */
  | { phase: 'failed'; plan: CancelPlan | null; message: string; hashes: readonly Hash[] };

export function isCancelBusy(state: CancelState): boolean {
  return state.phase === 'planning' || state.phase === 'signing' || state.phase === 'mining';
}

/**
 * The flow as a confirm dialog uses it: `start(request)` plans and waits in `confirm`, `confirm()` sends and answers
 * the outcome (null when there was nothing to confirm), `reset()` closes; a late answer of a reset run is dropped.
 */
export function useCancelListings() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CancelState>({ phase: 'idle' });
  // Read by the callbacks, which must see a click's change before React renders it (a double click sends once).
  const stateRef = useRef(state);
  const runRef = useRef(0);

  const deps = useMemo<CancelDeps>(
    () => ({
      ...liveCancelDeps,
      appConfig: () => queryClient.fetchQuery(appConfigQueryOptions),
      listingsChanged: () => void queryClient.invalidateQueries({ queryKey: MY_LISTINGS_QUERY_KEY }),
    }),
    [queryClient],
  );

  /** Moves run `run` on, unless a reset or a newer run has replaced it. */
  const update = useCallback((run: number, next: CancelState) => {
    if (runRef.current !== run) return;
    stateRef.current = next;
    setState(next);
  }, []);

  const start = useCallback(
    async (request: CancelListingsRequest): Promise<void> => {
      if (isCancelBusy(stateRef.current)) return;
      const run = ++runRef.current;
      update(run, { phase: 'planning' });
      const result = await planCancel(request, deps);
      update(
        run,
        result.ok
          ? { phase: 'confirm', plan: result.plan, message: null }
          : { phase: 'failed', plan: null, message: result.message, hashes: [] },
      );
    },
    [deps, update],
  );

  const confirm = useCallback(async (): Promise<CancelOutcome | null> => {
    const current = stateRef.current;
    if (current.phase !== 'confirm') return null;
    const { plan } = current;
    const run = runRef.current;
    const onProgress = (progress: CancelProgress) =>
      update(
        run,
        progress.phase === 'signing'
          ? { phase: 'signing', plan, index: progress.index }
          : { phase: 'mining', plan, hashes: progress.hashes },
      );
    onProgress({ phase: 'signing', index: 0 });
    const outcome = await sendCancel(plan, deps, onProgress);
    if (outcome.status === 'switch') update(run, { phase: 'confirm', plan, message: outcome.message });
    else if (outcome.status === 'done') update(run, { phase: 'done', plan, hashes: outcome.hashes });
    else update(run, { phase: 'failed', plan, message: outcome.message, hashes: outcome.hashes });
    return outcome;
  }, [deps, update]);

  const reset = useCallback(() => {
    runRef.current++;
    stateRef.current = { phase: 'idle' };
    setState(stateRef.current);
  }, []);

  return { state, start, confirm, reset };
}
