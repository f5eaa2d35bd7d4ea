import { Status, type SubscriptionData, type WalletItem } from '@floordesk/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/dates';
import { sessionStore } from '../../../stores/session-store';
import { bodiesSentTo, ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { subscriptionData } from '../../../test/subscription-fixtures';

/** What was posted to add a wallet (the list's reads are GETs to the same path). */
const postedAdds = (fetchSpy: ReturnType<typeof stubApi>) =>
  fetchSpy.mock.calls
    .filter(([input, init]) => String(input).endsWith('/api/user/wallets') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
import MyPage from './my-page';

const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const OTHER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

/** The server's wallet list, as the routes answer it, with the original app's refusals. */
function stubWalletServer(added: WalletItem[], subscription: Partial<SubscriptionData> = {}) {
  let list: WalletItem[] = [{ address: ME, ens: 'alice.eth', primary: true }, ...added];
  return stubApi((url, init) => {
    if (url.pathname === '/api/subscription') return ok(subscriptionData(subscription));
    if (url.pathname === '/api/user/wallets' && init?.method !== 'POST') return ok({ list });
    const { address } = JSON.parse(String(init?.body)) as { address: string };
    if (url.pathname === '/api/user/wallets/delete') {
      list = list.filter((wallet) => wallet.address !== address.toLowerCase());
      return ok({ list });
    }
    if (list.length > 10) return { status: Status.WalletLimit, msg: 'Add up to 10', data: null };
    list = [...list, { address: address.toLowerCase(), ens: null, primary: false }];
    return ok({ list });
  });
}

afterEach(() => sessionStore.getState().clear());

function signIn(ens: string | null = 'alice.eth') {
  sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
  sessionStore.getState().setProfile({ user_address: ME, end_flag: 0, identity: '0', before_ens: ens });
}

describe('/my', () => {
  it("shows the user's ENS name and their wallets, the signed-in one first and not removable", async () => {
    signIn();
    stubWalletServer([{ address: OTHER, ens: 'bob.eth', primary: false }]);
    renderInApp(<MyPage />, { path: '/my' });
    expect(screen.getByTestId('profile-name').textContent).toBe('alice.eth');
    const rows = await screen.findAllByTestId('wallet-row');
    expect(rows.map((row) => row.dataset.address)).toEqual([ME, OTHER]);
    expect(within(rows[0]!).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(rows[1]!).getByText('bob.eth')).toBeTruthy();
    expect(screen.getByText('1 of 10 added')).toBeTruthy();
  });

  it('shows the subscription: its end, or that there is none, with the way to the plans', async () => {
    signIn();
    const ends = 1_900_000_000;
    stubWalletServer([], {
      end_flag: ends,
      grants: [{ kind: 'payment', at: ends - 86_400 * 30, days: 30, ends_at: ends }],
    });
    const { unmount } = renderInApp(<MyPage />, { path: '/my' });
    const section = await screen.findByTestId('subscription-status');
    expect(section.textContent).toBe(`Premium until ${formatDate(ends, 'YYYY-MM-DD HH:mm')}`);
    expect(screen.getByRole('link', { name: 'Renew' }).getAttribute('href')).toBe('/plans');
    unmount();

    stubWalletServer([]);
    renderInApp(<MyPage />, { path: '/my' });
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('Not subscribed');
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/plans');
  });

  it('shows the short address without a name, and refuses what is not an address without asking the server', async () => {
    signIn(null);
    const fetchSpy = stubWalletServer([]);
    renderInApp(<MyPage />, { path: '/my' });
    expect(screen.getByTestId('profile-name').textContent).toBe('0xf39…2266');
    await screen.findAllByTestId('wallet-row');
    await userEvent.type(screen.getByRole('textbox'), '0x1234');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid address');
    expect(postedAdds(fetchSpy)).toEqual([]);

    await userEvent.clear(screen.getByRole('textbox'));
    await userEvent.type(screen.getByRole('textbox'), OTHER.toUpperCase().replace('0X', '0x'));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getAllByTestId('wallet-row')).toHaveLength(2));
    expect(postedAdds(fetchSpy)).toEqual([{ address: OTHER.toUpperCase().replace('0X', '0x') }]);
  });

  it("stops adding at 10 with 'Add up to 10'", async () => {
    signIn();
    const ten = Array.from({ length: 10 }, (_, i) => ({
      address: `0x${String(i + 1).padStart(40, '0')}`,
      ens: null,
      primary: false,
    }));
    stubWalletServer(ten);
    renderInApp(<MyPage />, { path: '/my' });
    await waitFor(() => expect(screen.getAllByTestId('wallet-row')).toHaveLength(11));
    expect(screen.getByRole('textbox')).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toBe('Add up to 10');
  });

  it('removes a wallet only after the confirmation', async () => {
    signIn();
    const fetchSpy = stubWalletServer([{ address: OTHER, ens: null, primary: false }]);
    renderInApp(<MyPage />, { path: '/my' });
    const rows = await screen.findAllByTestId('wallet-row');
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodiesSentTo(fetchSpy, '/api/user/wallets/delete')).toEqual([]);

    await userEvent.click(within(screen.getAllByTestId('wallet-row')[1]!).getByRole('button', { name: 'Remove' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getAllByTestId('wallet-row')).toHaveLength(1));
    expect(bodiesSentTo(fetchSpy, '/api/user/wallets/delete')).toEqual([{ address: OTHER }]);
  });
});
