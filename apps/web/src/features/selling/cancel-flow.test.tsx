import { type CancelListingsData, Status } from '@floordesk/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { toastStore } from '../../components/ui/toast/toast-store';
import { walletStore } from '../../lib/wallet/wallet-store';
import { sessionStore } from '../../stores/session-store';
import { devnetConfig } from '../../test/app-config';
import { silentWallet } from '../../test/fake-wallet';
import { bodiesSentTo, ok, stubApi } from '../../test/render-in-app';
import { RECEIPT_GIVE_UP_MS, RECEIPT_POLL_MS } from '../../lib/wallet/wallet-receipt';
import { type CancelDeps, type CancelProgress, planCancel, planOf, sendCancel, useCancelListings } from './cancel-flow';
import { looksCancelTx, seaportCancelTx } from './testing/fixtures';

const send = vi.hoisted(() => vi.fn<CancelDeps['send']>());
vi.mock('../../lib/wallet/load-wallet-actions', () => ({
  loadWalletActions: async () => ({ sendWalletTransaction: send }),
}));

const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const OTHER = '0x70997970c51812dc3a010c7d01b50e0f7b6dc79c';
const SEAPORT_HASH: `0x${string}` = `0x${'12'.repeat(32)}`;
const LOOKS_HASH: `0x${string}` = `0x${'34'.repeat(32)}`;
const ORDER_A = `0x${'a1'.repeat(32)}`;
const ORDER_B = `0x${'b2'.repeat(32)}`;
const ORDER_C = `0x${'c3'.repeat(32)}`;

const seaportCancel = seaportCancelTx({ order_hashes: [ORDER_A, ORDER_B] });
const looksCancel = looksCancelTx({ order_hashes: [ORDER_C] });
const bothMarketplaces: CancelListingsData = { transactions: [seaportCancel, looksCancel] };

type Deps = CancelDeps & {
  send: Mock<CancelDeps['send']>;
  receipt: Mock<CancelDeps['receipt']>;
  listingsChanged: Mock<CancelDeps['listingsChanged']>;
};

let deps: Deps;
let clock: number;
let progress: CancelProgress[];
const record = (step: CancelProgress) => progress.push(step);

beforeEach(() => {
  // Wallet failures other than a rejection are reported to the server.
  stubApi(() => ok(null));
  clock = 0;
  progress = [];
  deps = {
    request: async () => bothMarketplaces,
    wallet: () => ({ wallet: silentWallet, account: ME, chainId: 31337 }),
    appConfig: async () => devnetConfig,
    send: vi.fn<CancelDeps['send']>(async (_wallet, _account, tx) =>
      tx.to === seaportCancel.to ? SEAPORT_HASH : LOOKS_HASH,
    ),
    // Mined at the second poll.
    receipt: vi.fn<CancelDeps['receipt']>(async () => (clock >= RECEIPT_POLL_MS ? 'success' : null)),
    reauthorize: () => {},
    listingsChanged: vi.fn<CancelDeps['listingsChanged']>(),
    sleep: async (ms) => {
      clock += ms;
    },
    now: () => clock,
  };
});

afterEach(() => {
  vi.restoreAllMocks();
  send.mockReset();
  toastStore.getState().dismiss();
  sessionStore.getState().clear();
});

const rejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 });

describe('planning a cancellation', () => {
  it('exposes each transaction’s gas cost, their total and the listings they end before sending', async () => {
    const result = await planCancel({ order_hashes: [ORDER_A, ORDER_B, ORDER_C] }, deps);
    expect(result).toEqual({
      ok: true,
      plan: {
        transactions: [seaportCancel, looksCancel],
        feeWei: 2_340_000_000_000_000n,
        orderHashes: [ORDER_A, ORDER_B, ORDER_C],
      },
    });
    expect(deps.send).not.toHaveBeenCalled();
  });

  it('posts to /api/sell/cancel and answers a refusal with the server’s message, no toast', async () => {
    sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
    const msg = 'This listing has already ended: it sold, was cancelled or expired.';
    const fetchSpy = stubApi(() => ({ status: Status.SellListingEnded, msg, data: null }));
    const result = await planCancel({ order_hashes: [ORDER_A] });
    expect(bodiesSentTo(fetchSpy, '/api/sell/cancel')).toEqual([{ order_hashes: [ORDER_A] }]);
    expect(result).toEqual({ ok: false, status: Status.SellListingEnded, message: msg });
    expect(toastStore.getState().toast).toBeNull();
  });

  it('asks for everything of one wallet on one marketplace as `all`', async () => {
    sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
    const fetchSpy = stubApi(() => ok({ transactions: [{ ...seaportCancel, method: 'incrementCounter' }] }));
    const result = await planCancel({ all: true, wallet: ME, marketplace: 'opensea' });
    expect(bodiesSentTo(fetchSpy, '/api/sell/cancel')).toEqual([{ all: true, wallet: ME, marketplace: 'opensea' }]);
    expect(result.ok && result.plan.transactions[0]?.method).toBe('incrementCounter');
  });
});

describe('sending a cancellation', () => {
  it('sends each transaction from the connected account, awaits the receipts, then refreshes', async () => {
    const outcome = await sendCancel(planOf(bothMarketplaces), deps, record);
    expect(outcome).toEqual({ status: 'done', hashes: [SEAPORT_HASH, LOOKS_HASH] });
    expect(deps.send.mock.calls).toEqual([
      [silentWallet, ME, { chain_id: 31337, to: seaportCancel.to, data: seaportCancel.data, value: '0', gas: '65000' }],
      [silentWallet, ME, { chain_id: 31337, to: looksCancel.to, data: looksCancel.data, value: '0', gas: '52000' }],
    ]);
    expect(progress).toEqual([
      { phase: 'signing', index: 0 },
      { phase: 'signing', index: 1 },
      { phase: 'mining', hashes: [SEAPORT_HASH, LOOKS_HASH] },
    ]);
    expect(deps.receipt.mock.calls.map(([, hash]) => hash)).toEqual([
      SEAPORT_HASH,
      LOOKS_HASH,
      SEAPORT_HASH,
      LOOKS_HASH,
    ]);
    expect(deps.listingsChanged).toHaveBeenCalledTimes(1);
  });

  it('sends nothing further after the wallet’s rejection (4001) and says so', async () => {
    deps.send.mockRejectedValueOnce(rejection());
    const outcome = await sendCancel(planOf(bothMarketplaces), deps, record);
    expect(outcome).toEqual({
      status: 'rejected',
      message: 'You rejected the transaction in your wallet: nothing more was sent.',
      hashes: [],
    });
    expect(deps.send).toHaveBeenCalledTimes(1);
    expect(deps.receipt).not.toHaveBeenCalled();
    expect(deps.listingsChanged).not.toHaveBeenCalled();
  });

  it('still follows the first transaction when the second is rejected', async () => {
    deps.send.mockResolvedValueOnce(SEAPORT_HASH).mockRejectedValueOnce(rejection());
    const outcome = await sendCancel(planOf(bothMarketplaces), deps);
    expect(outcome).toMatchObject({ status: 'rejected', hashes: [SEAPORT_HASH] });
    expect(deps.receipt.mock.calls.map(([, hash]) => hash)).toEqual([SEAPORT_HASH, SEAPORT_HASH]);
    expect(deps.listingsChanged).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when a transaction is from another of the trader’s wallets, and names it', async () => {
    const plan = planOf({ transactions: [seaportCancel, { ...looksCancel, from: OTHER }] });
    const outcome = await sendCancel(plan, deps);
    expect(outcome).toEqual({
      status: 'switch',
      wallet: OTHER,
      message:
        'This cancellation must come from 0x709…c79c: switch to that account in your wallet, then confirm again. ' +
        'Nothing was sent.',
    });
    expect(deps.send).not.toHaveBeenCalled();
  });

  it('compares accounts without regard to case (the server may checksum them)', async () => {
    const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    const outcome = await sendCancel(planOf({ transactions: [{ ...seaportCancel, from: checksummed }] }), deps);
    expect(outcome.status).toBe('done');
    expect(deps.send.mock.calls[0]?.[1]).toBe(checksummed);
  });

  it('sends nothing when no wallet is connected', async () => {
    deps.wallet = () => ({ wallet: null, account: undefined, chainId: undefined });
    const outcome = await sendCancel(planOf(bothMarketplaces), deps);
    expect(outcome).toMatchObject({ status: 'switch', wallet: ME });
    expect(deps.send).not.toHaveBeenCalled();
  });

  it('sends nothing while the wallet is on another chain', async () => {
    deps.wallet = () => ({ wallet: silentWallet, account: ME, chainId: 1 });
    const outcome = await sendCancel(planOf(bothMarketplaces), deps);
    expect(outcome).toEqual({
      status: 'switch',
      wallet: null,
      message: 'To use BUY functionality, switch to FloorDesk devnet',
    });
    expect(deps.send).not.toHaveBeenCalled();
  });

  it('fails with the wallet’s own words when it cannot send', async () => {
    deps.send.mockRejectedValueOnce(Object.assign(new Error('insufficient funds'), { code: -32000 }));
    const outcome = await sendCancel(planOf(bothMarketplaces), deps);
    expect(outcome).toEqual({ status: 'failed', message: 'insufficient funds', hashes: [] });
    expect(deps.send).toHaveBeenCalledTimes(1);
  });

  it('says so when a cancellation reverts on chain', async () => {
    deps.receipt.mockImplementation(async (_wallet, hash) => (hash === LOOKS_HASH ? 'reverted' : 'success'));
    const outcome = await sendCancel(planOf(bothMarketplaces), deps);
    expect(outcome).toEqual({
      status: 'failed',
      message: 'The cancellation failed on chain: its listings are still active.',
      hashes: [SEAPORT_HASH, LOOKS_HASH],
    });
    expect(deps.listingsChanged).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for a receipt after a while, asking the node again after its failures', async () => {
    deps.receipt.mockRejectedValueOnce(new Error('node down')).mockResolvedValue(null);
    const outcome = await sendCancel(planOf({ transactions: [seaportCancel] }), deps);
    expect(outcome).toEqual({
      status: 'failed',
      message: 'The cancellation is not mined yet: the listings update once it is.',
      hashes: [SEAPORT_HASH],
    });
    expect(clock).toBeGreaterThanOrEqual(RECEIPT_GIVE_UP_MS);
    expect(clock).toBeLessThan(RECEIPT_GIVE_UP_MS + 2 * RECEIPT_POLL_MS);
  });
});

/** A send the test answers when it likes: the wallet stays open meanwhile. */
function walletOpen() {
  const answer: { resolve?: (hash: `0x${string}`) => void } = {};
  const promise = new Promise<`0x${string}`>((resolve) => (answer.resolve = resolve));
  return { promise, resolve: (hash: `0x${string}`) => answer.resolve?.(hash) };
}

function renderCancel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['my-listings', ME, true, null], { wallets: [ME], list: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { ...renderHook(() => useCancelListings(), { wrapper }), queryClient };
}

const connect = (receipt: unknown) =>
  walletStore.setState({
    status: 'connected',
    wallet: { ...silentWallet, provider: { request: async () => receipt } },
    account: ME,
    chainId: 31337,
  });

describe('useCancelListings', () => {
  afterEach(() =>
    walletStore.setState({ status: 'disconnected', wallet: null, account: undefined, chainId: undefined }),
  );

  it('plans, waits for the OK, sends, and marks My listings stale once mined', async () => {
    sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
    stubApi((url) => (url.pathname === '/api/app/config' ? ok(devnetConfig) : ok({ transactions: [seaportCancel] })));
    connect({ status: '0x1' });
    const sent = walletOpen();
    send.mockReturnValue(sent.promise);
    const { result, queryClient } = renderCancel();

    await act(() => result.current.start({ order_hashes: [ORDER_A, ORDER_B] }));
    expect(result.current.state).toMatchObject({
      phase: 'confirm',
      message: null,
      plan: { feeWei: 1_300_000_000_000_000n },
    });
    expect(send).not.toHaveBeenCalled();

    let outcome: Promise<unknown> = Promise.resolve();
    act(() => void (outcome = result.current.confirm()));
    await waitFor(() => expect(result.current.state).toMatchObject({ phase: 'signing', index: 0 }));
    // A second click while the wallet is open sends nothing more.
    await act(async () => expect(await result.current.confirm()).toBeNull());
    await act(async () => sent.resolve(SEAPORT_HASH));
    expect(await outcome).toEqual({ status: 'done', hashes: [SEAPORT_HASH] });
    expect(result.current.state).toMatchObject({ phase: 'done', hashes: [SEAPORT_HASH] });
    expect(send).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['my-listings', ME, true, null])?.isInvalidated).toBe(true);
  });

  it('stays on the confirmation with the reason when the wallet is another account', async () => {
    sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
    stubApi(() => ok({ transactions: [{ ...seaportCancel, from: OTHER }] }));
    connect(null);
    const { result } = renderCancel();
    await act(() => result.current.start({ order_hashes: [ORDER_A] }));
    await act(async () => void (await result.current.confirm()));
    expect(result.current.state).toMatchObject({ phase: 'confirm', message: expect.stringContaining('0x709…c79c') });
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal instead of a plan', async () => {
    sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
    const msg = 'The cancellation would fail on chain as things stand. Nothing was sent.';
    stubApi(() => ({ status: Status.SellCancelWouldFail, msg, data: null }));
    const { result } = renderCancel();
    await act(() => result.current.start({ order_hashes: [ORDER_A] }));
    await waitFor(() =>
      expect(result.current.state).toEqual({ phase: 'failed', plan: null, message: msg, hashes: [] }),
    );
  });
});
