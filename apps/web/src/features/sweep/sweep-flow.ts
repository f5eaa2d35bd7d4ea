import {
  type AppConfigData,
  type GasEntry,
  type Marketplace,
  pendingItems,
  planItemOf,
  Status,
  type SweepItemStatusName,
  type SweepQuoteData,
  type SweepQuotePart,
  type SweepRole,
  type SweepTransaction,
} from '@floordesk/protocol';
import { ApiError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { USER_REJECTED, walletErrorCode, walletErrorOf } from '../../lib/wallet/errors';
import type { WalletState } from '../../lib/wallet/wallet-store';
import type { Wallet } from '../../lib/wallet/wallets';
import { wrongNetworkMessage } from '../../lib/wrong-network-message';
import type { quoteSweep } from './api/quote-sweep';
import type { recordSweep } from './api/record-sweep';
import type { settleSweep } from './api/settle-sweep';
import type { SweepOrder, SweepRow } from './api/sweep-order';
import type { SweepPreview } from './sweep-preview';
import { isSweepBusy, type SweepRun, sweepRunStore } from './sweep-run-store';

/** How often a sent sweep asks the server whether its receipt is in. */
export const SETTLE_POLL_MS = 1500;
/** Pending buys are forgotten after 10 minutes; a sweep not mined by then is left to the wallet. */
export const SETTLE_GIVE_UP_MS = 10 * 60_000;

type Address = `0x${string}`;

export type SweepRequest = {
  collection: string;
  /** What the user was shown: the items listed while the server plans, and the most they agreed to pay. */
  preview: SweepPreview;
  /** A single buy of this listing (the listings table's Buy). */
  orderId?: string;
  marketplaces: readonly Marketplace[];
  skipPendingFlagged: boolean;
};

export type SweepDeps = {
  /** False (and the sign-in prompt shown) for a visitor. */
  requireLogin: () => boolean;
  wallet: () => Pick<WalletState, 'wallet' | 'account' | 'chainId'>;
  appConfig: () => Promise<AppConfigData>;
  /** The preset the transaction's fees follow. */
  gas: () => GasEntry;
  quote: typeof quoteSweep;
  record: typeof recordSweep;
  settle: typeof settleSweep;
  send: (wallet: Wallet, account: Address, tx: SweepTransaction) => Promise<Address>;
  /** The wallet lost our permission (4100): ask for it again. */
  reauthorize: (wallet: Wallet, error: unknown) => void;
  openModal: () => void;
  notify: (message: string) => void;
  /** On phones a batch message is also a toast. */
  mobile: () => boolean;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
};

let lastRunId = 0;

/** On opening, the items to buy are in progress and the skipped ones skipped, as the server will plan them. */
function rowsOfPreview(preview: SweepPreview): SweepRow[] {
  return pendingItems([
    ...preview.buy.map((listing) => planItemOf(listing, 'buy')),
    ...preview.skipped.map(({ listing, reason }) => planItemOf(listing, 'skip', reason)),
  ]);
}

/** A batch outcome (rejected, error, higher than expected) for the items being bought; skipped ones keep their reason. */
function withOutcome(rows: readonly SweepRow[], status: SweepItemStatusName): SweepRow[] {
  return rows.map((row) => (row.role === 'skip' ? row : { ...row, status }));
}

/** One transaction of the sweep: its quote, its rows until the server's order reports them, then that order. */
type SweepPart = { quote: SweepQuotePart; rows: SweepRow[]; order?: SweepOrder };

const ROLE_ORDER: Record<SweepRole, number> = { buy: 0, spare: 1, skip: 2 };

/** Both transactions' items as one sweep's, in the plan's order: every item bought, then spares, then skipped ones. */
function rowsOfParts(parts: readonly SweepPart[]): SweepRow[] {
  return parts
    .flatMap((part) => part.order?.items ?? part.rows)
    .toSorted((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
}

/** The wallet did not send: what the user is told, and the status of the items it would have bought. */
function refusalOf(error: unknown, wallet: Wallet, deps: SweepDeps): { message: string; status: SweepItemStatusName } {
  if (walletErrorCode(error) === USER_REJECTED) return { message: i18n.t('sweep.status.rejected'), status: 'rejected' };
  const action = walletErrorOf(error);
  if (action.type === 'reauthorize') deps.reauthorize(wallet, error);
  return { message: action.type === 'notify' ? action.message : i18n.t('sweep.reauthorize'), status: 'skipped' };
}

function apiMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : i18n.t('err.server');
}

/** A failure worth asking again about: the answer never came, as opposed to a refusal. */
function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
}

/**
 * The buying flow: plan (the server quotes), send (the wallet), record, then poll the settlement until the
 * receipt says what each item came to. Every step writes what the user sees into the sweep modal's store. A plan
 * across Seaport and LooksRare is two sweep orders, each sent, recorded and settled on its own, shown as one sweep.
 */
export async function runSweep(request: SweepRequest, deps: SweepDeps): Promise<void> {
  if (!deps.requireLogin()) return;
  if (isSweepBusy(sweepRunStore.getState().run)) {
    deps.openModal();
    return;
  }
  const { wallet, account, chainId } = deps.wallet();
  let config: AppConfigData;
  try {
    config = await deps.appConfig();
  } catch {
    // The API client has told the user the server cannot be reached.
    return;
  }
  // The wrong-network banner blocks buying; the wallet is not even asked.
  if (!wallet || !account || chainId !== config.chain_id) {
    deps.notify(wrongNetworkMessage(config));
    return;
  }

  const id = ++lastRunId;
  sweepRunStore.setState({
    run: {
      id,
      phase: 'quoting',
      rows: rowsOfPreview(request.preview),
      total: request.preview.total.toString(),
      message: null,
      txHashes: [],
      transactions: 1,
      chainId,
    },
  });
  deps.openModal();

  /** Changes this sweep's view, unless a newer sweep has replaced it. */
  function update(change: (run: SweepRun) => Partial<SweepRun>) {
    const { run } = sweepRunStore.getState();
    if (run?.id === id) sweepRunStore.setState({ run: { ...run, ...change(run) } });
  }
  function tell(message: string) {
    if (deps.mobile()) deps.notify(message);
  }
  function fail(message: string, status?: SweepItemStatusName, needsPremium = false) {
    update((run) => ({
      phase: 'failed',
      message,
      rows: status === undefined ? run.rows : withOutcome(run.rows, status),
      needsPremium,
    }));
    tell(message);
  }

  if (request.preview.buy.length === 0) return fail(i18n.t('err.no_order'));

  let quote: SweepQuoteData;
  try {
    quote = await deps.quote({
      chain_id: chainId,
      collection: request.collection,
      count: request.preview.buy.length,
      ...(request.orderId === undefined ? {} : { order_id: request.orderId }),
      max_total: request.preview.total.toString(),
      marketplaces: [...request.marketplaces],
      skip_pending_flagged: request.skipPendingFlagged,
      gas: deps.gas(),
    });
  } catch (error) {
    const status = error instanceof ApiError ? error.status : undefined;
    const higher = status === Status.HigherThanExpected;
    const premium = status === Status.PremiumRequired || status === Status.TrialEnded;
    return fail(apiMessage(error), higher ? 'higher_than_expected' : 'skipped', premium);
  }
  const parts: SweepPart[] = [quote, ...(quote.next ? [quote.next] : [])].map((part) => ({
    quote: part,
    rows: pendingItems(part.items),
  }));
  // The server's plan replaces the preview: it may have dropped listings that would revert, or added spares.
  update(() => ({
    phase: 'signing',
    rows: rowsOfParts(parts),
    total: parts.reduce((sum, part) => sum + BigInt(part.quote.total), 0n).toString(),
    transactions: parts.length,
  }));

  // Counted from the last transaction sent: the wallet may have kept the user a while over the second.
  let giveUpAt = 0;
  for (const [index, part] of parts.entries()) {
    const last = index === parts.length - 1;
    let hash: Address;
    try {
      // From the address the server planned for (its own listings excluded); the wallet refuses any other.
      hash = await deps.send(wallet, part.quote.tx.from as Address, part.quote.tx);
    } catch (error) {
      const { message, status } = refusalOf(error, wallet, deps);
      if (index === 0) return fail(message, status);
      // The first transaction is on its way whatever becomes of the second: it is still settled.
      part.rows = withOutcome(part.rows, status);
      update(() => ({ phase: 'confirming', message, rows: rowsOfParts(parts) }));
      tell(message);
      break;
    }
    update((run) => ({ phase: last ? 'confirming' : 'signing', txHashes: [...run.txHashes, hash] }));

    giveUpAt = deps.now() + SETTLE_GIVE_UP_MS;
    let order: SweepOrder | undefined;
    while (!order) {
      try {
        order = await deps.record(part.quote.id, hash);
      } catch (error) {
        // The wallet's node may not have passed the transaction on to ours yet; recording it again is harmless.
        const unseen = error instanceof ApiError && error.status === Status.SweepTxNotSeen;
        if (!(unseen || isTransient(error)) || deps.now() >= giveUpAt) return fail(apiMessage(error));
        await deps.sleep(SETTLE_POLL_MS);
      }
    }
    part.order = order;
  }

  const pending = () => parts.filter((part) => part.order?.outcome === 'pending');
  while (pending().length > 0) {
    update(() => ({ rows: rowsOfParts(parts) }));
    if (deps.now() >= giveUpAt) return fail(i18n.t('sweep.still_pending'));
    await deps.sleep(SETTLE_POLL_MS);
    for (const part of pending()) {
      try {
        part.order = await deps.settle(part.quote.id);
      } catch (error) {
        if (!isTransient(error)) return fail(apiMessage(error));
      }
    }
  }
  update(() => ({ rows: rowsOfParts(parts) }));
  if (parts.some((part) => part.order?.outcome === 'bought')) update(() => ({ phase: 'done' }));
  else fail(i18n.t('sweep.failed'));
}
