import { LOOKSRARE_TRANSFER_MANAGER_ABI } from '@floordesk/contracts/orders';
import {
  type CancelListingsRequest,
  type PostListingRequest,
  type PostListingsData,
  type PostListingsRequest,
  SELL_MARKETPLACES,
  type SellMarketplace,
  type SellPrepareData,
  type SellPrepareRequest,
  type SellToken,
  Status,
} from '@floordesk/protocol';
import { encodeFunctionData, erc721Abi, type Hex } from 'viem';
import { ApiError, refusalMessage } from '../../lib/api-client';
import { shortAddress } from '../../lib/format';
import { USER_REJECTED, walletErrorCode, walletErrorOf } from '../../lib/wallet/errors';
import type { WalletTransaction } from '../../lib/wallet/wallet-actions';
import { awaitReceipts, type ReceiptStatus } from '../../lib/wallet/wallet-receipt';
import type { WalletState } from '../../lib/wallet/wallet-store';
import type { Wallet } from '../../lib/wallet/wallets';
import type { ReplacedListing, SellTokenRef } from '../../stores/sell-dialog-store';
import type { CancelOutcome, CancelPlan, CancelProgress, PlanResult } from './cancel-flow';
import {
  buildOrders,
  postRequestsOf,
  START_SKEW_S,
  type ShownListing,
  tokenKey,
  typedDataOf,
  type SellTypedData,
} from './sell-orders';
import { type Refused, type SellRun, type SellStep, sellStore } from './sell-store';
import { marketplaceName, sellText } from './sell-texts';
import { signedMismatch } from './signed-check';

type Hash = `0x${string}`;

/** The refusals the dialog answers with the premium message and a way to the plans. */
const PREMIUM_REFUSALS: ReadonlySet<number> = new Set([Status.SellPremiumRequired, Status.TrialEnded]);

export type SellDeps = {
  wallet: () => Pick<WalletState, 'wallet' | 'account' | 'chainId'>;
  prepare: (body: SellPrepareRequest) => Promise<SellPrepareData>;
  /** A higher reprice's cancel, as My listings cancels (cancel-flow): the server plans it… */
  planCancel: (request: CancelListingsRequest) => Promise<PlanResult>;
  /** …then it is sent from the connected wallet and waited for until mined. */
  sendCancel: (plan: CancelPlan, onProgress: (progress: CancelProgress) => void) => Promise<CancelOutcome>;
  post: (body: PostListingsRequest) => Promise<PostListingsData>;
  send: (wallet: Wallet, account: Hash, tx: WalletTransaction) => Promise<Hash>;
  receipt: (wallet: Wallet, hash: Hash) => Promise<ReceiptStatus>;
  sign: (wallet: Wallet, account: Hash, payload: SellTypedData) => Promise<Hex>;
  /** The message for a wallet on another chain than `chainId`. */
  wrongNetwork: (chainId: number) => Promise<string>;
  /** The wallet lost our permission (4100): ask for it again. */
  reauthorize: (wallet: Wallet, error: unknown) => void;
  /** Everything is listed: refresh what shows listings, tell the trader, close. */
  listed: (result: PostListingsData, listings: readonly ShownListing[]) => void;
  /** A random 64-bit number. */
  random: () => bigint;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
};

/** The index a refusal's first field names under `list` (`tokens.3`, `listings.0`); null when it names none. */
function refusedIndex(error: unknown, list: string): number | null {
  const path = error instanceof ApiError ? error.fields[0]?.path : undefined;
  const match = path === undefined ? null : new RegExp(`^${list}\\.(\\d+)`).exec(path);
  return match ? Number(match[1]) : null;
}

function apiMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : sellText('sell.flow.server');
}

/** Starts afresh for tokens the dialog opens on: asks the server what listing them needs. */
export async function prepareListing(tokens: readonly SellTokenRef[], deps: Pick<SellDeps, 'prepare'>): Promise<void> {
  const session = sellStore.getState().session + 1;
  sellStore.setState({ session, prepared: { status: 'loading' }, run: null, replacedCancelled: false });
  const current = () => sellStore.getState().session === session;
  try {
    const data = await deps.prepare({
      tokens: tokens.map(({ collection, token_id }) => ({ collection, token_id })),
    });
    if (current()) sellStore.setState({ prepared: { status: 'ready', data } });
  } catch (error) {
    if (!current()) return;
    const premium = refusalMessage(error, PREMIUM_REFUSALS) !== null;
    sellStore.setState({
      prepared: { status: 'refused', message: apiMessage(error), token: refusedIndex(error, 'tokens'), premium },
    });
  }
}

/** Forgets the dialog's tokens and run: a late answer for them changes nothing. */
export function endSellSession(): void {
  sellStore.setState((state) => ({
    session: state.session + 1,
    prepared: { status: 'loading' },
    run: null,
    replacedCancelled: false,
  }));
}

/** A token on a marketplace: what the steps of listing depend on, whatever its price. */
type Placement = Pick<ShownListing, 'token' | 'marketplace'>;

/** The marketplaces of `listings`, in the dialog's order. */
function marketplacesOf(listings: readonly Placement[]): SellMarketplace[] {
  return SELL_MARKETPLACES.filter((marketplace) => listings.some((listing) => listing.marketplace === marketplace));
}

/**
 * What listing `listings` takes, in order: the old listing's cancel when a reprice goes higher, each approval a
 * marketplace still lacks (once per collection and marketplace; LooksRare's grant once per wallet), then one
 * signature per marketplace.
 */
export function planSteps(
  data: SellPrepareData,
  listings: readonly Placement[],
  cancel: ReplacedListing | null,
): SellStep[] {
  const steps: SellStep[] = [];
  if (cancel)
    steps.push({ kind: 'cancel', marketplace: cancel.marketplace as SellMarketplace, priceWei: cancel.price_wei });
  const marketplaces = marketplacesOf(listings);
  for (const marketplace of marketplaces) {
    const collections = new Map<string, string | null>();
    for (const { token } of listings) {
      if (!token.approved[marketplace]) collections.set(token.collection.toLowerCase(), token.collection_name);
    }
    for (const [collection, name] of collections) steps.push({ kind: 'approve', marketplace, collection, name });
    if (marketplace !== 'looks') continue;
    const wallets = new Set(listings.map((listing) => listing.token.wallet.toLowerCase()));
    for (const wallet of wallets) {
      const granted = data.wallets.find((candidate) => candidate.wallet.toLowerCase() === wallet)?.looksrare_granted;
      if (!granted) steps.push({ kind: 'grant', wallet });
    }
  }
  for (const marketplace of marketplaces) {
    const count = listings.filter((listing) => listing.marketplace === marketplace).length;
    steps.push({ kind: 'sign', marketplace, count });
  }
  return steps;
}

/**
 * Why the connected account cannot sign these listings, or null when it can: a listing is signed by the wallet
 * that holds its token, so each token's wallet must be the one connected.
 */
export function wrongAccountMessage(tokens: readonly SellToken[], account: string): string | null {
  const elsewhere = new Map<string, Set<string>>();
  for (const token of tokens) {
    const wallet = token.wallet.toLowerCase();
    if (wallet !== account.toLowerCase())
      elsewhere.set(wallet, (elsewhere.get(wallet) ?? new Set()).add(token.token_id));
  }
  const [first] = elsewhere;
  if (!first) return null;
  const [wallet, ids] = first;
  const wallets = new Set(tokens.map((token) => token.wallet.toLowerCase()));
  return sellText(wallets.size > 1 ? 'sell.flow.several_wallets' : 'sell.flow.switch_wallet', {
    wallet: shortAddress(wallet),
    tokens: [...ids].map((id) => `#${id}`).join(', '),
    count: wallets.size,
  });
}

/** The transaction a step sends: an approval on the collection, or LooksRare's grant on its TransferManager. */
function stepTransaction(data: SellPrepareData, step: SellStep & { kind: 'approve' | 'grant' }): WalletTransaction {
  const venue = (marketplace: SellMarketplace) =>
    data.venues.find((candidate) => candidate.marketplace === marketplace)!;
  if (step.kind === 'approve') {
    const input = encodeFunctionData({
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [venue(step.marketplace).operator as Hash, true],
    });
    return { chain_id: data.chain_id, to: step.collection, data: input, value: '0' };
  }
  const looks = venue('looks');
  const input = encodeFunctionData({
    abi: LOOKSRARE_TRANSFER_MANAGER_ABI,
    functionName: 'grantApprovals',
    args: [[looks.protocol_address as Hash]],
  });
  return { chain_id: data.chain_id, to: looks.operator, data: input, value: '0' };
}

/** Records a step taken on chain in the dialog's data, so that a retry does not ask for it again. */
function markDone(step: SellStep): void {
  if (step.kind === 'cancel') {
    sellStore.setState({ replacedCancelled: true });
    return;
  }
  const { prepared } = sellStore.getState();
  if (prepared.status !== 'ready' || step.kind === 'sign') return;
  const { data } = prepared;
  const next: SellPrepareData =
    step.kind === 'approve'
      ? {
          ...data,
          tokens: data.tokens.map((token) =>
            token.collection.toLowerCase() === step.collection
              ? { ...token, approved: { ...token.approved, [step.marketplace]: true } }
              : token,
          ),
        }
      : {
          ...data,
          wallets: data.wallets.map((wallet) =>
            wallet.wallet.toLowerCase() === step.wallet ? { ...wallet, looksrare_granted: true } : wallet,
          ),
        };
  sellStore.setState({ prepared: { status: 'ready', data: next } });
}

export type ListingRequest = {
  data: SellPrepareData;
  /** Every listing as the dialog shows it: each token on each marketplace chosen, at its price, until its end. */
  listings: ShownListing[];
  /** The trader's listing a higher price replaces, cancelled first; null when nothing is cancelled. */
  cancel: ReplacedListing | null;
};

let lastRunId = 0;

/**
 * Listing: the old listing's cancel for a higher reprice, each approval still missing (each transaction waited for
 * until mined), one signature per marketplace over exactly what the dialog shows, then one post of every listing,
 * which the order book takes whole or not at all. A refusal anywhere stops it with nothing posted and the dialog
 * open to try again; every step writes what the trader sees into `sellStore`.
 */
export async function runListing(request: ListingRequest, deps: SellDeps): Promise<void> {
  const { data, listings, cancel } = request;
  const { session } = sellStore.getState();
  const steps = planSteps(data, listings, cancel);
  const id = ++lastRunId;
  const run: SellRun = {
    id,
    status: 'running',
    steps,
    current: 0,
    waiting: 'wallet',
    cancelFeeWei: null,
    message: null,
    refused: null,
  };
  sellStore.setState({ run });

  /** Still the dialog's run: not closed, reopened or replaced by a newer one. */
  const live = () => {
    const state = sellStore.getState();
    return state.session === session && state.run?.id === id;
  };
  function update(change: Partial<SellRun>) {
    const current = sellStore.getState().run;
    if (live() && current) sellStore.setState({ run: { ...current, ...change } });
  }
  function fail(message: string, refused: Refused | null = null) {
    update({ status: 'failed', message, refused });
  }

  const { wallet, account, chainId } = deps.wallet();
  if (!wallet || !account) return fail(sellText('sell.flow.no_wallet'));
  const wrongAccount = wrongAccountMessage(
    listings.map((listing) => listing.token),
    account,
  );
  if (wrongAccount) return fail(wrongAccount);
  if (chainId !== data.chain_id) return fail(await deps.wrongNetwork(data.chain_id));

  /** The wallet did not do it: the trader hears why; a lost permission is asked for again. */
  function walletFailure(error: unknown, rejected: 'sell.flow.rejected_tx' | 'sell.flow.rejected_sign') {
    if (walletErrorCode(error) === USER_REJECTED) return fail(sellText(rejected));
    const action = walletErrorOf(error);
    if (action.type === 'reauthorize') {
      deps.reauthorize(wallet!, error);
      return fail(sellText('sell.flow.reauthorize'));
    }
    return fail(action.message);
  }

  /** Sends `tx` and waits for it to be mined; false (and the run failed) when it was not, or not in time. */
  async function transact(tx: WalletTransaction): Promise<boolean> {
    if (!live()) return false;
    update({ waiting: 'wallet' });
    let hash: Hash;
    try {
      hash = await deps.send(wallet!, account!, tx);
    } catch (error) {
      walletFailure(error, 'sell.flow.rejected_tx');
      return false;
    }
    update({ waiting: 'receipt' });
    // Not mined in RECEIPT_GIVE_UP_MS: left to the wallet, the trader lists again once it is.
    const status = await awaitReceipts([hash], wallet!, deps);
    if (status === 'success') return true;
    fail(sellText(status === 'reverted' ? 'sell.flow.reverted' : 'sell.flow.not_mined'));
    return false;
  }

  /**
   * Ends the listing a higher price replaces, the way My listings cancels one: its gas is shown as soon as the
   * server has planned it, while the wallet is asked; false (and the run failed) when it did not end.
   */
  async function cancelReplaced(replaced: ReplacedListing): Promise<boolean> {
    update({ waiting: 'server' });
    const planned = await deps.planCancel({ order_hashes: [replaced.order_hash] });
    if (!planned.ok) {
      fail(planned.message);
      return false;
    }
    if (!live()) return false;
    update({ cancelFeeWei: planned.plan.feeWei.toString(), waiting: 'wallet' });
    const outcome = await deps.sendCancel(planned.plan, (progress) =>
      update({ waiting: progress.phase === 'signing' ? 'wallet' : 'receipt' }),
    );
    if (outcome.status === 'done') return true;
    fail(outcome.message);
    return false;
  }

  /**
   * The server's answer for the listed tokens as the chain stands now, with the listings on those tokens and the
   * dialog's data brought up to date (a retry plans from it); null, and the run failed, when a token is no longer
   * held or an approval is gone: nothing is signed then.
   */
  async function recheck(shown: readonly ShownListing[]) {
    update({ waiting: 'server' });
    const keys = [...new Set(shown.map((listing) => tokenKey(listing.token)))];
    const tokens = keys.map((key) => shown.find((listing) => tokenKey(listing.token) === key)!.token);
    let now: SellPrepareData;
    try {
      now = await deps.prepare({ tokens: tokens.map(({ collection, token_id }) => ({ collection, token_id })) });
    } catch (error) {
      const index = refusedIndex(error, 'tokens');
      const token = index === null ? undefined : tokens[index];
      const message = apiMessage(error);
      const where = token && shown.find((listing) => listing.token === token);
      return void fail(message, where ? { token: tokenKey(token), marketplace: where.marketplace, message } : null);
    }
    if (!live()) return;
    const byKey = new Map(now.tokens.map((token) => [tokenKey(token), token]));
    const { prepared } = sellStore.getState();
    if (prepared.status === 'ready') {
      const { data: shownData } = prepared;
      const wallets = new Map(now.wallets.map((state) => [state.wallet.toLowerCase(), state]));
      sellStore.setState({
        prepared: {
          status: 'ready',
          data: {
            ...shownData,
            venues: now.venues,
            tokens: shownData.tokens.map((token) => byKey.get(tokenKey(token)) ?? token),
            wallets: shownData.wallets.map((state) => wallets.get(state.wallet.toLowerCase()) ?? state),
          },
        },
      });
    }
    const updated = shown.map((listing) => ({
      ...listing,
      token: byKey.get(tokenKey(listing.token)) ?? listing.token,
    }));
    const lost = planSteps(now, updated, null).find((step) => step.kind === 'approve' || step.kind === 'grant');
    if (lost) {
      const marketplace = marketplaceName(lost.kind === 'approve' ? lost.marketplace : 'looks');
      return void fail(sellText('sell.flow.approval_lost', { marketplace }));
    }
    return { data: now, listings: updated };
  }

  for (const [index, step] of steps.entries()) {
    if (step.kind === 'sign') break;
    update({ current: index });
    if (step.kind === 'cancel') {
      if (!(await cancelReplaced(cancel!))) return;
    } else if (!(await transact(stepTransaction(data, step)))) {
      return;
    }
    markDone(step);
  }

  // The chain may have moved while the dialog was open: a token sold, an approval revoked, a nonce raised. It is read
  // again now, so that no signature covers a listing the order book would refuse.
  const current = await recheck(listings);
  if (!current) return;
  const { data: fresh, listings: toSign } = current;

  // One signature per marketplace, each over the payload checked against the dialog; nothing posts until all are in.
  const posted: PostListingRequest[] = [];
  /** What each posted listing is, in the same order: a refusal's `listings.N` names it. */
  const postedListings: ShownListing[] = [];
  const startTime = BigInt(Math.floor(deps.now() / 1000) - START_SKEW_S);
  for (const [index, step] of steps.entries()) {
    if (step.kind !== 'sign') continue;
    const batch = buildOrders(
      fresh,
      step.marketplace,
      toSign.filter((listing) => listing.marketplace === step.marketplace),
      { startTime, random: deps.random },
    );
    const payload = typedDataOf(batch, data.chain_id);
    const mismatch = signedMismatch(payload, batch.listings, batch.venue, data.chain_id);
    if (mismatch) {
      const token = mismatch.listing === null ? null : batch.listings[mismatch.listing]!.token;
      return fail(
        sellText('sell.flow.mismatch', {
          what: sellText(`sell.mismatch.${mismatch.field}`),
          token: token ? `#${token.token_id}` : marketplaceName(step.marketplace),
        }),
      );
    }
    if (!live()) return;
    update({ current: index, waiting: 'wallet' });
    let signature: Hex;
    try {
      signature = await deps.sign(wallet, account, payload);
    } catch (error) {
      return walletFailure(error, 'sell.flow.rejected_sign');
    }
    posted.push(...postRequestsOf(batch, data.chain_id, signature));
    postedListings.push(...batch.listings);
  }

  if (!live()) return;
  update({ current: steps.length, waiting: 'server' });
  let result: PostListingsData;
  try {
    result = await deps.post({ listings: posted });
  } catch (error) {
    const index = refusedIndex(error, 'listings');
    const listing = index === null ? undefined : postedListings[index];
    const message = apiMessage(error);
    return fail(
      message,
      listing ? { token: tokenKey(listing.token), marketplace: listing.marketplace, message } : null,
    );
  }
  if (live()) deps.listed(result, listings);
}
