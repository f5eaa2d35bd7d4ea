import { MARKETPLACES, RankTier } from '@floordesk/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { marketplaceStore } from '../../stores/marketplace-store';
import { closePanels } from '../../stores/panels-store';
import { walletStore } from '../../lib/wallet/wallet-store';
import { sessionStore } from '../../stores/session-store';
import { bodiesSentTo, ok, stubApi } from '../../test/render-in-app';
import { sweepRunStore } from '../../features/sweep/sweep-run-store';
import { AppSlots } from '../slots';
import { listingOf } from '../../lib/api/collection-listings';
import { APES, listing, listingRow, milliEth, NOW } from '../../test/collection-fixtures';

import { ListingsSection, ListingsTable } from '../../features/collection/components/listings-section';
import { listedTokens } from '../../features/collection/listings';
import { silentWallet } from '../../test/fake-wallet';

function renderWithQueries(element: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AppSlots>{element}</AppSlots>
    </QueryClientProvider>,
  );
}

/** One column of the rendered body rows, top to bottom. */
function column(index: number): (string | null)[] {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index]!.textContent);
}

/** The token ids of the rendered body rows, top to bottom. */
function shownTokens(): (string | null)[] {
  return column(0);
}

function tiers(): (string | null)[] {
  return column(3);
}

describe('listings', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    marketplaceStore.setState({ enabled: new Set(MARKETPLACES) });
    // happy-dom lays nothing out; the table's scroll box gets a height so the virtualizer has rows to show.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(360);
  });

  afterEach(async () => {
    vi.useRealTimers();
    sweepRunStore.setState({ run: null });
    closePanels();
    sessionStore.getState().clear();
    walletStore.setState({ status: 'disconnected', wallet: null, account: undefined, chainId: undefined });
    await act(() => i18n.changeLanguage('en'));
  });

  it('hides listings of marketplaces switched off and says how many it hides', async () => {
    stubApi((url) =>
      url.pathname === '/api/collection/listings'
        ? ok({
            list: [
              listingRow(1, { marketplace: 'opensea' }),
              listingRow(2, { marketplace: 'blur' }),
              listingRow(3, { marketplace: 'blur' }),
              listingRow(4, { marketplace: 'looks' }),
            ],
          })
        : null,
    );
    renderWithQueries(<ListingsSection address={APES} />);
    await screen.findByTitle('#1');
    expect(screen.queryByText(/hidden by marketplace filter/)).toBeNull();

    act(() => marketplaceStore.getState().toggle('blur'));
    expect(shownTokens()).toEqual(['#1', '#4']);
    expect(screen.getByText('2 hidden by marketplace filter')).toBeTruthy();

    act(() => {
      marketplaceStore.getState().toggle('opensea');
      marketplaceStore.getState().toggle('looks');
    });
    expect(screen.getByText('4 hidden by marketplace filter')).toBeTruthy();
    expect(screen.getByText('Every listing is from a marketplace you have hidden.')).toBeTruthy();
  });

  it('shows one row per token at its cheapest listing, with the others on hover, and counts tokens', async () => {
    stubApi((url) =>
      url.pathname === '/api/collection/listings'
        ? ok({
            list: [
              listingRow(1, { order_id: 'one-cheap', price: milliEth(1000), marketplace: 'opensea' }),
              listingRow(2, { price: milliEth(1100), marketplace: 'blur' }),
              listingRow(1, { order_id: 'one-blur', price: milliEth(1200), marketplace: 'blur' }),
              listingRow(1, { order_id: 'one-looks', price: milliEth(1500), marketplace: 'looks' }),
            ],
          })
        : null,
    );
    renderWithQueries(<ListingsSection address={APES} />);
    await screen.findByTitle('#1');
    expect(shownTokens()).toEqual(['#1', '#2']);
    expect(column(1)).toEqual(['1.0000', '1.1000']);
    expect(screen.getByTestId('listings-count').textContent).toBe('2');
    const others = screen.getByTestId('listing-others');
    expect(others.textContent).toBe('+2');
    expect(others.getAttribute('aria-label')).toBe(
      '2 more listings of this token:\n1.2000 Ξ on Blur\n1.5000 Ξ on LooksRare',
    );

    // With OpenSea hidden, the token shows at its cheapest listing elsewhere.
    act(() => marketplaceStore.getState().toggle('opensea'));
    expect(shownTokens()).toEqual(['#2', '#1']);
    expect(screen.getByTestId('listing-others').textContent).toBe('+1');
    expect(screen.queryByText(/hidden by marketplace filter/)).toBeNull();
  });

  it("labels each rank with the tier the API's code names, in English and in Chinese; an unknown code, without one", async () => {
    render(
      <ListingsTable
        tokens={listedTokens(
          [
            listingRow(1, { rank: 9000, flag: RankTier.Ordinary }),
            listingRow(2, { rank: 700, flag: RankTier.Classic }),
            listingRow(3, { rank: 40, flag: RankTier.Rare }),
            listingRow(4, { rank: 1, flag: RankTier.Legendary }),
            listingRow(5, { rank: null, flag: null }),
            listingRow(6, { rank: 3, flag: 9 }),
          ].map(listingOf),
        )}
      />,
    );
    expect(tiers()).toEqual(['#9000Ordinary', '#700Classic', '#40Rare', '#1Legendary', '—', '#3']);

    await act(() => i18n.changeLanguage('zh'));
    expect(tiers()).toEqual(['#9000普通', '#700经典', '#40稀有', '#1传奇', '—', '#3']);
  });

  it('sorts cheapest first, and by rank either way with unranked listings last', async () => {
    render(
      <ListingsTable
        tokens={listedTokens([
          listing(1, { price: '3000', rank: 20 }),
          listing(2, { price: '1000', rank: null }),
          listing(3, { price: '20000', rank: 5 }),
          listing(4, { price: '2000', rank: 300 }),
        ])}
      />,
    );
    expect(shownTokens()).toEqual(['#2', '#4', '#1', '#3']);

    const rank = screen.getByRole('button', { name: 'Rank' });
    await userEvent.click(rank);
    expect(shownTokens()).toEqual(['#3', '#1', '#4', '#2']);
    expect(rank.closest('th')!.getAttribute('aria-sort')).toBe('ascending');

    await userEvent.click(rank);
    expect(shownTokens()).toEqual(['#4', '#1', '#3', '#2']);
    expect(rank.closest('th')!.getAttribute('aria-sort')).toBe('descending');
  });

  it('marks pending buys and flagged tokens (risk_flag 1)', () => {
    render(
      <ListingsTable
        tokens={listedTokens([listingRow(1, { pending_count: 2, risk_flag: 1 }), listingRow(2)].map(listingOf))}
      />,
    );
    const [flagged, clean] = screen.getAllByRole('row').slice(1);
    const flag = 'Flagged by a marketplace: reported stolen or suspicious';
    expect(within(flagged!).getByRole('button', { name: flag })).toBeTruthy();
    expect(within(flagged!).getByText('2').className).toContain('text-warn');
    expect(within(clean!).queryByRole('button', { name: flag })).toBeNull();
    expect(within(clean!).getByText('0').className).not.toContain('text-warn');
  });

  it('renders only the rows in view of 5,000 listings, and the ones further down once scrolled there', () => {
    const listings = Array.from({ length: 5000 }, (_, index) => listing(index + 1));
    render(<ListingsTable tokens={listedTokens(listings)} />);

    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('5001');
    const rendered = screen.getAllByRole('row').length - 1;
    expect(rendered).toBeGreaterThanOrEqual(10);
    expect(rendered).toBeLessThan(40);
    expect(screen.queryByTitle('#2500')).toBeNull();

    const scroller = screen.getByRole('table').parentElement!;
    scroller.scrollTop = 2499 * 36;
    fireEvent.scroll(scroller);
    expect(screen.getByTitle('#2500')).toBeTruthy();
    expect(screen.queryByTitle('#1')).toBeNull();
    expect(screen.getAllByRole('row').length - 1).toBeLessThan(40);
  });

  it('offers a Buy on each listing that buys that one alone, at most at its price', async () => {
    const buyer = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
    sessionStore.getState().signIn({ token: buyer, sign_num: 'secret' });
    walletStore.setState({ status: 'connected', wallet: silentWallet, account: buyer, chainId: 31337 });
    const api = stubApi((url) => {
      switch (url.pathname) {
        case '/api/collection/listings':
          return ok({ list: [listingRow(1), listingRow(2)] });
        case '/api/app/config':
          return ok({ chain_id: 31337, chain_name: 'FloorDesk devnet', version: 'test' });
        default:
          // The quote is still being worked out when the test looks.
          return new Promise(() => {});
      }
    });
    renderWithQueries(<ListingsSection address={APES} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Buy #2' }));

    await vi.waitFor(() => expect(bodiesSentTo(api, '/api/sweep/quote')).toHaveLength(1));
    expect(bodiesSentTo(api, '/api/sweep/quote')[0]).toMatchObject({
      collection: APES,
      count: 1,
      order_id: 'order-2',
      max_total: listing(2).price,
    });
    expect(sweepRunStore.getState().run?.rows.map((row) => [row.token_id, row.status])).toEqual([['2', 'in_progress']]);
  });
});
