import { type CollectionRow, TRENDING_REFRESH_MS, type TrendingData } from '@floordesk/protocol';
import { focusManager } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import { sessionStore } from '../../../stores/session-store';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { TRENDING_WINDOW_KEY, trendingWindowStore } from '../trending-window-store';
import { TrendingList } from './trending-list';

const apes = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const shards = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';

function row(overrides: Partial<CollectionRow>): CollectionRow {
  return {
    address: apes,
    name: 'Devnet Apes',
    img: null,
    type: '721',
    count: 1000,
    listed: 23,
    listing_rate: 2.3,
    all_count: 1234,
    volume: '12345000000000000000',
    floor_value: '1234560000000000000',
    floor_change: 4.5,
    ...overrides,
  };
}

type Answer = (url: URL) => unknown;

/** Answers /api/trending with `respond(url)` and the follow stars' watchlist with an empty one. */
function serve(respond: Answer) {
  const fetch = stubApi((url) => (url.pathname === '/api/trending' ? respond(url) : ok({ window: 60, list: [] })));
  return {
    /** The trending requests made so far, as `window tab`. */
    requests: () =>
      fetch.mock.calls
        .map(([input]) => new URL(String(input), window.location.origin))
        .filter((url) => url.pathname === '/api/trending')
        .map((url) => `${url.searchParams.get('window')} ${url.searchParams.get('tab')}`),
  };
}

function trending(list: CollectionRow[], window = 15) {
  return ok({ window, list, as_of: 1_740_000_000 } satisfies TrendingData);
}

const renderList = () => renderInApp(<TrendingList compact={false} />);

describe('trending list', () => {
  beforeEach(() => {
    sessionStore.getState().signIn({ token: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', sign_num: 'secret' });
    trendingWindowStore.setState({ value: 2 });
  });

  afterEach(() => {
    // Unmounted first: giving the focus back would refetch.
    cleanup();
    vi.useRealTimers();
    focusManager.setFocused(undefined);
    sessionStore.getState().clear();
  });

  it('lists the 15-minute window by default with each collection’s figures', async () => {
    const { requests } = serve(() =>
      trending([
        row({}),
        row({
          address: shards,
          name: null,
          type: '1155',
          count: 50,
          listing_rate: null,
          floor_value: null,
          floor_change: -2.25,
        }),
      ]),
    );
    renderList();

    const apesRow = (await screen.findByRole('link', { name: 'Devnet Apes' })).closest('tr')!;
    expect(requests()).toEqual(['15 all']);
    const apesCells = within(apesRow);
    expect(apesCells.getAllByText('2.3% listed · 1,000 items').length).toBeGreaterThan(0);
    expect(apesCells.getByText('1,234')).toBeTruthy();
    expect(apesCells.getByText('12.35')).toBeTruthy();
    expect(apesCells.getByText('1.2346')).toBeTruthy();
    expect(apesCells.getAllByText('+4.5%').length).toBeGreaterThan(0);
    expect(apesCells.queryByText('1155')).toBeNull();

    const shardsRow = within(screen.getByRole('link', { name: '0xe7f…0512' }).closest('tr')!);
    expect(shardsRow.getByText('1155')).toBeTruthy();
    expect(shardsRow.getAllByText('50 items').length).toBeGreaterThan(0);
    expect(shardsRow.getByText('—')).toBeTruthy();
    expect(shardsRow.getAllByText('-2.25%')[0]!.className).toContain('text-danger');
  });

  it('links a row to the collection’s trades summary from a trending page', async () => {
    serve(() => trending([row({ address: apes.toUpperCase().replace('0X', '0x') })]));
    renderList();
    expect((await screen.findByRole('link', { name: 'Devnet Apes' })).getAttribute('href')).toBe(
      `/collection/${apes}/summary`,
    );
  });

  it('gives every row a follow star', async () => {
    serve(() => trending([row({}), row({ address: shards, name: 'Shards' })]));
    renderList();
    await screen.findByRole('link', { name: 'Shards' });
    expect(screen.getAllByRole('button', { name: en.watchlist.follow })).toHaveLength(2);
  });

  it('asks for the window the trader picks and remembers it under smalltime', async () => {
    const { requests } = serve((url) =>
      trending([row({ name: `Apes ${url.searchParams.get('window')}` })], Number(url.searchParams.get('window'))),
    );
    renderList();
    await screen.findByRole('link', { name: 'Apes 15' });

    await userEvent.click(screen.getByRole('button', { name: '1h' }));
    await screen.findByRole('link', { name: 'Apes 60' });
    expect(requests()).toEqual(['15 all', '60 all']);
    expect(localStorage.getItem(TRENDING_WINDOW_KEY)).toBe('4');
    expect(screen.getByRole('button', { name: '1h' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps the old rows on screen while a new window loads', async () => {
    let release!: () => void;
    serve((url) =>
      url.searchParams.get('window') === '15'
        ? trending([row({})])
        : new Promise((resolve) => {
            release = () => resolve(trending([row({ name: 'Fresh' })], 60));
          }),
    );
    renderList();
    await screen.findByRole('link', { name: 'Devnet Apes' });
    await userEvent.click(screen.getByRole('button', { name: '1h' }));
    expect(screen.getByRole('link', { name: 'Devnet Apes' })).toBeTruthy();
    release();
    await screen.findByRole('link', { name: 'Fresh' });
  });

  it('shows the watchlist tab’s loading text, then no_collect_title when nothing is followed', async () => {
    let release!: () => void;
    const { requests } = serve((url) =>
      url.searchParams.get('tab') === 'watchlist'
        ? new Promise((resolve) => {
            release = () => resolve(trending([]));
          })
        : trending([row({})]),
    );
    renderList();
    await screen.findByRole('link', { name: 'Devnet Apes' });

    await userEvent.click(screen.getByRole('button', { name: 'Watchlist' }));
    expect(screen.getByText('Loading your watchlist…')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Devnet Apes' })).toBeNull();
    release();
    expect(await screen.findByText('You are not following any collection yet')).toBeTruthy();
    expect(requests()).toEqual(['15 all', '15 watchlist']);
  });

  it('refreshes every 10 s while the page is visible, and not while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = serve(() => trending([row({})]));
    renderList();
    await screen.findByRole('link', { name: 'Devnet Apes' });

    await vi.advanceTimersByTimeAsync(TRENDING_REFRESH_MS);
    expect(requests()).toEqual(['15 all', '15 all']);

    focusManager.setFocused(false);
    await vi.advanceTimersByTimeAsync(3 * TRENDING_REFRESH_MS);
    expect(requests()).toHaveLength(2);
  });

  it('says when a window had no trades', async () => {
    serve(() => trending([]));
    renderList();
    expect(await screen.findByText('No trades in the last 15 min')).toBeTruthy();
  });

  it('reports a failed load and tries again on Retry', async () => {
    let fail = true;
    serve(() => (fail ? { status: 1001, msg: 'Server busy', data: null } : trending([row({})])));
    renderList();
    expect((await screen.findByRole('alert')).textContent).toContain('Trending could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('link', { name: 'Devnet Apes' });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
