import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { loginPromptStore, closeLoginPrompt } from '../../../stores/login-prompt-store';
import { sessionStore } from '../../../stores/session-store';
import { bodiesSentTo, ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { watchlistRow } from '../test-fixtures';
import { DEFAULT_WATCHLIST_WINDOW, watchlistWindowStore } from '../watchlist-window-store';
import WatchlistPage from './watchlist-page';

const apes = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const bears = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';

afterEach(() => {
  sessionStore.getState().clear();
  closeLoginPrompt();
  watchlistWindowStore.setState({ value: DEFAULT_WATCHLIST_WINDOW });
});

function stubWatchlist() {
  let rows = [
    watchlistRow(apes, { name: 'Apes', all_count: 7, floor_change: 12.5, volume: '2500000000000000000' }),
    watchlistRow(bears, { name: 'Bears', floor_value: null }),
  ];
  const windows: string[] = [];
  const fetchSpy = stubApi((url, init) => {
    if (url.pathname === '/api/watchlist') {
      windows.push(url.searchParams.get('window')!);
      return ok({ window: Number(url.searchParams.get('window')), list: rows });
    }
    const { address } = JSON.parse(String(init?.body)) as { address: string };
    rows = rows.filter((row) => row.address !== address);
    return ok({ address, followed: false });
  });
  return { fetchSpy, windows };
}

describe('/wallet', () => {
  it('asks a visitor to sign in, without asking the server', async () => {
    const { fetchSpy } = stubWatchlist();
    renderInApp(<WatchlistPage />, { path: '/wallet' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(loginPromptStore.getState().open).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('lists the followed collections over the chosen window, and removes one', async () => {
    sessionStore.getState().signIn({ token: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', sign_num: 'secret' });
    const { fetchSpy, windows } = stubWatchlist();
    renderInApp(<WatchlistPage />, { path: '/wallet' });
    const apesRow = await screen.findByRole('listitem', { name: 'Apes' });
    expect(apesRow.textContent).toContain('7');
    expect(apesRow.textContent).toContain('2.50');
    expect(apesRow.textContent).toContain('+12.5%');
    expect(within(screen.getByRole('listitem', { name: 'Bears' })).getAllByText('—')).toHaveLength(2);
    expect(screen.getByText('2 collections')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '1 day' }));
    await waitFor(() => expect(windows).toEqual([String(DEFAULT_WATCHLIST_WINDOW), '1440']));

    await userEvent.click(within(apesRow).getByRole('button', { name: 'Remove Apes' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Apes' })).toBeNull());
    expect(bodiesSentTo(fetchSpy, '/api/watchlist/unfollow')).toEqual([{ address: apes }]);
    expect(screen.getByText('1 collection')).toBeTruthy();
  });
});
