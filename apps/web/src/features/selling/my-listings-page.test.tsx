import {
  type CancelTransaction,
  type MyListing,
  type MyListingsData,
  NOTIFICATION_TYPE,
  type NotificationItem,
  Status,
} from '@floordesk/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { walletStore } from '../../lib/wallet/wallet-store';
import { closeSellDialog, sellDialogStore } from '../../stores/sell-dialog-store';
import { sessionStore } from '../../stores/session-store';
import { devnetConfig } from '../../test/app-config';
import { silentWallet } from '../../test/fake-wallet';
import { bodiesSentTo, ok, renderInApp, stubApi } from '../../test/render-in-app';
import { MY_LISTINGS_REFRESH_MS } from './my-listings-api';
import MyListingsPage from './my-listings-page';
import { looksCancelTx, seaportCancelTx } from './testing/fixtures';

const send = vi.hoisted(() => vi.fn<(...args: unknown[]) => Promise<`0x${string}`>>());
vi.mock('../../lib/wallet/load-wallet-actions', () => ({
  loadWalletActions: async () => ({ sendWalletTransaction: send }),
}));

const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const OTHER = '0x70997970c51812dc3a010c7d01b50e0f7b6dc79c';
const ART = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const ETH = 10n ** 18n;
const milliEth = (value: number) => ((BigInt(value) * ETH) / 1000n).toString();
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const TX_HASH: `0x${string}` = `0x${'ee'.repeat(32)}`;

const nowSeconds = () => Math.floor(Date.now() / 1000);

function listing(n: number, overrides: Partial<MyListing> = {}): MyListing {
  return {
    order_hash: hashOf(n),
    wallet: ME,
    collection: ART,
    collection_name: 'Art',
    token_id: String(n),
    token_name: null,
    image_url: null,
    marketplace: 'opensea',
    price_wei: milliEth(560),
    floor_wei: milliEth(500),
    undercut: false,
    state: 'active',
    superseded_by: null,
    listed_at: Date.now() - 3_600_000,
    // 2 days, 3 hours and a bit: the countdown reads "2d 3h" for the whole test.
    expires_at: nowSeconds() + 2 * 86_400 + 3 * 3600 + 1800,
    ended_at: null,
    profit_wei: null,
    ...overrides,
  };
}

const ended = (n: number, state: MyListing['state'], overrides: Partial<MyListing> = {}) =>
  listing(n, { state, ended_at: new Date(2026, 10, 20, 14, 5).getTime(), undercut: false, ...overrides });

/** One listing in each state, in the server's order: active ones first, then ended ones, newest first. */
function everyState(): MyListingsData {
  return {
    wallets: [ME],
    list: [
      listing(1, { price_wei: milliEth(500), expires_at: null }),
      listing(2, { undercut: true }),
      listing(3, { marketplace: 'looks', state: 'superseded', superseded_by: hashOf(1), price_wei: milliEth(700) }),
      ended(4, 'sold', { profit_wei: milliEth(12) }),
      ended(5, 'cancelled'),
      ended(6, 'expired'),
      ended(7, 'ended'),
    ],
  };
}

type Answers = {
  listings?: (url: URL) => unknown;
  cancel?: () => unknown;
  notices?: () => NotificationItem[];
};

function stub({ listings = () => ok(everyState()), cancel = () => ok({ transactions: [] }), notices }: Answers) {
  return stubApi((url) => {
    switch (url.pathname) {
      case '/api/sell/listings':
        return listings(url);
      case '/api/sell/cancel':
        return cancel();
      case '/api/app/config':
        return ok(devnetConfig);
      case '/api/notifications': {
        const list = notices?.() ?? [];
        return ok({ list, total: list.length, page: 1, size: 20 });
      }
      case '/api/user/wallets':
        return ok({
          list: [
            { address: ME, ens: null, primary: true },
            { address: OTHER, ens: 'bob.eth', primary: false },
          ],
        });
      default:
        return ok(null);
    }
  });
}

function signIn() {
  sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
  sessionStore.setState({ premium: true });
}

const rows = () => screen.getAllByTestId('my-listing-row');
const row = (n: number) => rows().find((element) => element.dataset.hash === hashOf(n))!;
const asked = (spy: ReturnType<typeof stubApi>, path: string) =>
  spy.mock.calls.filter(([input]) => new URL(String(input), window.location.origin).pathname === path);

const seaportCancel = (overrides: Partial<CancelTransaction> = {}) =>
  seaportCancelTx({ order_hashes: [hashOf(1)], ...overrides });
const looksCancel = (overrides: Partial<CancelTransaction> = {}) =>
  looksCancelTx({ order_hashes: [hashOf(3)], ...overrides });

/** A live notice of the trader's wallet, as the notification history lists it. */
const notice = (id: string, type: NotificationItem['type']): NotificationItem => ({
  id,
  type,
  title: null,
  des: null,
  qb_address: ME,
  ens: null,
  c_address: ART,
  c_name: 'Art',
  img: null,
  token_id: '2',
  price: '0.56',
  profit: null,
  tx_hash: null,
  create_time: nowSeconds(),
});

afterEach(async () => {
  sessionStore.getState().clear();
  closeSellDialog();
  walletStore.setState({ status: 'disconnected', wallet: null, account: undefined, chainId: undefined });
  send.mockReset();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

describe('/listings', () => {
  it.each([
    [
      'en',
      {
        active: 'Active',
        superseded: 'Superseded by 0.5000',
        sold: 'Sold+0.012000',
        cancelled: 'Cancelled11-20 14:05',
        expired: 'Expired11-20 14:05',
        ended: 'Ended11-20 14:05',
        atFloor: 'at floor',
        above: '+12%',
        undercut: 'Undercut',
        never: 'never',
        left: '2d 3h',
      },
    ],
    [
      'zh',
      {
        active: '有效',
        superseded: '已被 0.5000 取代',
        sold: '已售出+0.012000',
        cancelled: '已取消11-20 14:05',
        expired: '已过期11-20 14:05',
        ended: '已结束11-20 14:05',
        atFloor: '地板价',
        above: '+12%',
        undercut: '被压价',
        never: '永不',
        left: '2天3小时',
      },
    ],
  ])('shows every state in %s, the ended ones greyed below the active ones', async (lang, words) => {
    await act(() => i18n.changeLanguage(lang));
    signIn();
    stub({});
    renderInApp(<MyListingsPage />, { path: '/listings' });
    await screen.findByTestId('my-listings-table');

    expect(rows().map((element) => element.dataset.state)).toEqual([
      'active',
      'active',
      'superseded',
      'sold',
      'cancelled',
      'expired',
      'ended',
    ]);
    const state = (n: number) => within(row(n)).getByTestId('my-listing-state').textContent;
    expect(state(1)).toBe(words.active);
    expect(state(3)).toBe(words.superseded);
    expect(state(4)).toBe(words.sold);
    expect(state(5)).toBe(words.cancelled);
    expect(state(6)).toBe(words.expired);
    expect(state(7)).toBe(words.ended);

    expect(within(row(1)).getByTestId('my-listing-position').textContent).toBe(words.atFloor);
    expect(within(row(2)).getByTestId('my-listing-position').textContent).toBe(words.above);
    expect(within(row(2)).getByTestId('undercut-badge').textContent).toBe(words.undercut);
    expect(within(row(1)).queryByTestId('undercut-badge')).toBeNull();
    expect(within(row(1)).getByTestId('my-listing-left').textContent).toBe(words.never);
    expect(within(row(2)).getByTestId('my-listing-left').textContent).toBe(words.left);

    for (const n of [4, 5, 6, 7]) {
      expect(row(n).className).toContain('text-faint');
      expect(within(row(n)).queryByRole('button')).toBeNull();
      expect(within(row(n)).getByRole('checkbox')).toHaveProperty('disabled', true);
    }
    expect(row(1).className).not.toContain('text-faint');
  });

  it('puts an ended listing below the active ones even when the server sends it first', async () => {
    signIn();
    stub({ listings: () => ok({ wallets: [ME], list: [ended(5, 'cancelled'), listing(1)] }) });
    renderInApp(<MyListingsPage />, { path: '/listings' });
    await screen.findByTestId('my-listings-table');
    expect(rows().map((element) => element.dataset.state)).toEqual(['active', 'cancelled']);
  });

  it('cancels the selection with one plan call, showing each transaction’s gas before the wallet', async () => {
    signIn();
    const fetchSpy = stub({ cancel: () => ok({ transactions: [seaportCancel(), looksCancel()] }) });
    renderInApp(<MyListingsPage />, { path: '/listings' });
    await screen.findByTestId('my-listings-table');

    const cancelSelected = screen.getByRole('button', { name: 'Cancel selected' });
    expect(cancelSelected).toHaveProperty('disabled', true);
    await userEvent.click(within(row(1)).getByRole('checkbox'));
    await userEvent.click(within(row(3)).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel 2' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel 2 listings' });
    const transactions = await within(dialog).findAllByTestId('cancel-transaction');
    expect(bodiesSentTo(fetchSpy, '/api/sell/cancel')).toEqual([{ order_hashes: [hashOf(1), hashOf(3)] }]);
    expect(transactions.map((element) => within(element).getByTestId('cancel-gas').textContent)).toEqual([
      'gas ≈ 0.001300 ETH',
      'gas ≈ 0.001040 ETH',
    ]);
    expect(transactions[0]!.textContent).toContain('OpenSea');
    expect(transactions[1]!.textContent).toContain('LooksRare');
    expect(within(dialog).getByTestId('cancel-total-gas').textContent).toBe('total ≈ 0.002340 ETH');
    expect(within(dialog).getByText('2 transactions: your wallet asks 2 times.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('cancels one listing from its row', async () => {
    signIn();
    const fetchSpy = stub({ cancel: () => ok({ transactions: [seaportCancel({ order_hashes: [hashOf(2)] })] }) });
    renderInApp(<MyListingsPage />, { path: '/listings' });
    await screen.findByTestId('my-listings-table');
    await userEvent.click(within(row(2)).getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('dialog', { name: 'Cancel 1 listing' });
    expect(bodiesSentTo(fetchSpy, '/api/sell/cancel')).toEqual([{ order_hashes: [hashOf(2)] }]);
  });

  it('asks for everything of a wallet on a marketplace, and says it ends listings made elsewhere too', async () => {
    signIn();
    const fetchSpy = stub({
      cancel: () =>
        ok({
          transactions: [
            seaportCancel({ method: 'incrementCounter', order_hashes: [hashOf(1), hashOf(2), hashOf(9)] }),
          ],
        }),
    });
    renderInApp(<MyListingsPage />, { path: '/listings' });
    await screen.findByTestId('my-listings-table');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel all on OpenSea' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel all on OpenSea' });
    expect(await within(dialog).findByText(/This ends 3 active listings of 0xf39…2266 on OpenSea\./)).toBeTruthy();
    expect(
      within(dialog).getByText(/invalidates every listing of this wallet on OpenSea, also those made elsewhere/),
    ).toBeTruthy();
    expect(bodiesSentTo(fetchSpy, '/api/sell/cancel')).toEqual([{ all: true, wallet: ME, marketplace: 'opensea' }]);
  });

  it('shows the server’s refusal in the dialog and sends nothing', async () => {
    signIn();
    const msg = 'This listing has already ended: it sold, was cancelled or expired.';
    stub({ cancel: () => ({ status: Status.SellListingEnded, msg, data: null }) });
    renderInApp(<MyListingsPage />, { path: '/listings' });
    await screen.findByTestId('my-listings-table');
    await userEvent.click(within(row(1)).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(msg);
    expect(within(dialog).queryByRole('button', { name: 'Send cancellation' })).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('says which wallet to switch to when the plan is another account’s, and sends nothing', async () => {
    signIn();
    walletStore.setState({ status: 'connected', wallet: silentWallet, account: ME, chainId: 31337 });
    stub({ cancel: () => ok({ transactions: [seaportCancel({ from: OTHER })] }) });
    renderInApp(<MyListingsPage />, { path: '/listings' });
    await screen.findByTestId('my-listings-table');
    await userEvent.click(within(row(1)).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Send cancellation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('must come from 0x709…c79c');
    expect(send).not.toHaveBeenCalled();
  });

  it('shows a mined cancellation as cancelling until the server has indexed it, then as cancelled', async () => {
    signIn();
    walletStore.setState({
      status: 'connected',
      wallet: { ...silentWallet, provider: { request: async () => ({ status: '0x1' }) } },
      account: ME,
      chainId: 31337,
    });
    send.mockResolvedValue(TX_HASH);
    let indexed = false;
    let askedAfterMining = 0;
    const fetchSpy = stub({
      listings: () => {
        if (send.mock.calls.length > 0) askedAfterMining++;
        // The order book ends the listing at the second read after the receipt.
        indexed ||= askedAfterMining >= 2;
        return ok({ wallets: [ME], list: [indexed ? ended(1, 'cancelled') : listing(1)] });
      },
      cancel: () => ok({ transactions: [seaportCancel()] }),
    });
    renderInApp(<MyListingsPage />, { path: '/listings' });
    await screen.findByTestId('my-listings-table');
    await userEvent.click(within(row(1)).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Send cancellation' }));

    expect(await within(dialog).findByText(/Cancelled on chain/)).toBeTruthy();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![1]).toBe(ME);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(row(1)).getByTestId('my-listing-state').textContent).toBe('Cancelling…'));
    // Nothing more to do with it meanwhile; it is asked for again well before the 10 s refresh.
    expect(within(row(1)).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(row(1)).getByRole('checkbox')).toHaveProperty('disabled', true);
    await waitFor(() => expect(row(1).dataset.state).toBe('cancelled'), { timeout: MY_LISTINGS_REFRESH_MS / 2 });
    expect(asked(fetchSpy, '/api/sell/listings').length).toBeGreaterThanOrEqual(3);
  });

  it('reprices a listing through the List dialog, naming the listing it replaces', async () => {
    signIn();
    stub({});
    renderInApp(<MyListingsPage />, { path: '/listings' });
    await screen.findByTestId('my-listings-table');
    await userEvent.click(within(row(2)).getByRole('button', { name: 'Reprice' }));
    expect(sellDialogStore.getState()).toEqual({
      open: true,
      tokens: [{ collection: ART, token_id: '2' }],
      replacing: { order_hash: hashOf(2), marketplace: 'opensea', price_wei: milliEth(560) },
    });
  });

  it('filters by wallet when there are several, and cancels one wallet’s listings at a time', async () => {
    signIn();
    const fetchSpy = stub({
      listings: (url) => {
        const wallet = url.searchParams.get('wallet');
        const list = [listing(1), listing(2, { wallet: OTHER })];
        return ok({ wallets: [ME, OTHER], list: list.filter((item) => !wallet || item.wallet === wallet) });
      },
    });
    renderInApp(<MyListingsPage />, { path: '/listings' });
    await screen.findByTestId('my-listings-table');
    expect(await within(row(2)).findByText('bob.eth')).toBeTruthy();

    await userEvent.click(within(row(1)).getByRole('checkbox'));
    await userEvent.click(within(row(2)).getByRole('checkbox'));
    expect(screen.getByRole('button', { name: 'Cancel 2' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Select listings of one wallet: each wallet sends its own cancellation.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'bob.eth' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(asked(fetchSpy, '/api/sell/listings').map(([input]) => new URL(String(input), 'http://x').search)).toContain(
      `?wallet=${OTHER}`,
    );
  });

  it('refreshes when a live notice says a listing sold, not for other notices', async () => {
    signIn();
    let notices: NotificationItem[] = [];
    const fetchSpy = stub({ notices: () => notices });
    const { queryClient } = renderInApp(<MyListingsPage />, { path: '/listings' });
    await screen.findByTestId('my-listings-table');
    await waitFor(() => expect(asked(fetchSpy, '/api/notifications')).toHaveLength(1));
    const before = asked(fetchSpy, '/api/sell/listings').length;

    // What the live feature does with each message: every query under ['notifications'] is asked again.
    notices = [notice('a', NOTIFICATION_TYPE.bought)];
    await act(() => queryClient.invalidateQueries({ queryKey: ['notifications'] }));
    await waitFor(() => expect(asked(fetchSpy, '/api/notifications')).toHaveLength(2));
    expect(asked(fetchSpy, '/api/sell/listings')).toHaveLength(before);

    notices = [notice('b', NOTIFICATION_TYPE.sold), ...notices];
    await act(() => queryClient.invalidateQueries({ queryKey: ['notifications'] }));
    await waitFor(() => expect(asked(fetchSpy, '/api/sell/listings')).toHaveLength(before + 1));
  });

  it('says there is nothing yet and where to list from', async () => {
    signIn();
    stub({ listings: () => ok({ wallets: [ME], list: [] }) });
    renderInApp(<MyListingsPage />, { path: '/listings' });
    const empty = await screen.findByTestId('my-listings-empty');
    expect(empty.textContent).toContain('No listings of yours in the last 7 days.');
    expect(within(empty).getByRole('link', { name: 'Open the portfolio' }).getAttribute('href')).toBe('/protfolio');
  });

  it.each([
    ['en', 'Listing from FloorDesk is only available to premium users', 'See the plans'],
    ['zh', '通过 FloorDesk 挂单仅对高级会员开放', '查看会员方案'],
  ])(
    'answers a caller without premium in %s with the server’s message and a link to the plans',
    async (lang, msg, link) => {
      await act(() => i18n.changeLanguage(lang));
      signIn();
      stub({ listings: () => ({ status: Status.SellPremiumRequired, msg, data: null }) });
      renderInApp(<MyListingsPage />, { path: '/listings' });
      const message = await screen.findByTestId('my-listings-premium');
      expect(within(message).getByText(msg)).toBeTruthy();
      expect(within(message).getByRole('link', { name: link }).getAttribute('href')).toBe('/plans');
    },
  );
});
