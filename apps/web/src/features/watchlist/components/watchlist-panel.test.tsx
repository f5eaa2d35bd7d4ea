import type { CollectionRow } from '@floordesk/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../stores/session-store';
import { bodiesSentTo, ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { closeLoginPrompt, loginPromptStore } from '../../../stores/login-prompt-store';
import { watchlistRow } from '../test-fixtures';
import { DEFAULT_WATCHLIST_WINDOW, WATCHLIST_WINDOW_KEY, watchlistWindowStore } from '../watchlist-window-store';
import { WatchlistPanel } from './watchlist-panel';

const apes = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const punks = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';

function row(address: string, name: string | null, overrides: Partial<CollectionRow> = {}): CollectionRow {
  return watchlistRow(address, { name, floor_value: '1234560000000000000', ...overrides });
}

/** One user's watchlist on the server; every window answers with `trades(window)` trades per collection. */
function stubWatchlistServer(rows: CollectionRow[]) {
  let watched = rows;
  const windows: number[] = [];
  const fetchSpy = stubApi((url, init) => {
    if (url.pathname === '/api/watchlist') {
      const minutes = Number(url.searchParams.get('window'));
      windows.push(minutes);
      return ok({
        window: minutes,
        list: watched.map((entry) => ({ ...entry, all_count: entry.all_count * minutes })),
      });
    }
    const { address } = JSON.parse(String(init?.body)) as { address: string };
    watched = watched.filter((entry) => entry.address !== address);
    return ok({ address, followed: false });
  });
  return { fetchSpy, windows };
}

const openPanel = () => userEvent.click(screen.getByRole('button', { name: 'Watchlist' }));

function signIn() {
  sessionStore.getState().signIn({ token: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', sign_num: 'secret' });
}

afterEach(async () => {
  sessionStore.getState().clear();
  closeLoginPrompt();
  watchlistWindowStore.setState({ value: DEFAULT_WATCHLIST_WINDOW });
  await i18n.changeLanguage('en');
});

describe('watchlist panel', () => {
  it('asks a visitor to sign in instead of opening', async () => {
    const { fetchSpy } = stubWatchlistServer([]);
    renderInApp(<WatchlistPanel />);
    await openPanel();
    expect(loginPromptStore.getState().open).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('lists followed collections with trades in the window and floor in ETH, linking to their pages', async () => {
    signIn();
    watchlistWindowStore.setState({ value: 5 });
    stubWatchlistServer([row(apes, 'Devnet Apes'), row(punks, null, { floor_value: null, all_count: 0 })]);
    renderInApp(<WatchlistPanel />, { path: '/trending' });
    await openPanel();
    const links = await within(screen.getByRole('dialog', { name: 'Watchlist' })).findAllByRole('link');

    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['DDevnet Apes601.2346', `/collection/${apes}/summary`],
      ['?0xe7f…05120—', `/collection/${punks}/summary`],
    ]);
  });

  it('removes a collection with its remove button', async () => {
    signIn();
    const { fetchSpy } = stubWatchlistServer([row(apes, 'Devnet Apes'), row(punks, 'Devnet Punks')]);
    renderInApp(<WatchlistPanel />);
    await openPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Devnet Apes from watchlist' }));

    await waitFor(() => expect(screen.queryByText('Devnet Apes')).toBeNull());
    expect(screen.getByText('Devnet Punks')).toBeTruthy();
    expect(bodiesSentTo(fetchSpy, '/api/watchlist/unfollow')).toEqual([{ address: apes }]);
  });

  it('shows the chosen window, fetches it and remembers it for the next visit', async () => {
    signIn();
    const { windows } = stubWatchlistServer([row(apes, 'Devnet Apes', { all_count: 1 })]);
    renderInApp(<WatchlistPanel />);
    await openPanel();
    await screen.findByText('Devnet Apes');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time window' }), '1 day');

    await screen.findByText('1440');
    expect(windows).toEqual([DEFAULT_WATCHLIST_WINDOW, 1440]);
    expect(localStorage.getItem(WATCHLIST_WINDOW_KEY)).toBe('1440');
  });

  it('says so, in Chinese too, when nothing is followed yet', async () => {
    signIn();
    await i18n.changeLanguage('zh');
    stubWatchlistServer([]);
    renderInApp(<WatchlistPanel />);
    await userEvent.click(screen.getByRole('button', { name: '关注列表' }));
    expect(await screen.findByText('你还没有关注任何合集。在搜索或热门中点亮星标即可在此查看。')).toBeTruthy();
  });

  it('offers a retry when the watchlist cannot be loaded', async () => {
    signIn();
    let failing = true;
    stubApi(() =>
      failing ? { status: 500, msg: 'boom', data: null } : ok({ window: 60, list: [row(apes, 'Devnet Apes')] }),
    );
    renderInApp(<WatchlistPanel />);
    await openPanel();
    await screen.findByText('Your watchlist could not be loaded.');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Devnet Apes')).toBeTruthy();
  });
});
