import type { PortfolioHolding } from '@floordesk/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectionOf } from '../../../lib/api/collection';
import { listingOf } from '../../../lib/api/collection-listings';
import { i18n } from '../../../lib/i18n';
import { closeSellDialog, sellDialogStore } from '../../../stores/sell-dialog-store';
import { sessionStore } from '../../../stores/session-store';
import { APES, collectionDetail, listingRow } from '../../../test/collection-fixtures';
import { portfolioHolding, portfolioOf } from '../../../test/portfolio-fixtures';
import { ok, stubApi } from '../../../test/render-in-app';
import { listedTokens } from '../listings';
import { CollectionHeader } from './collection-header';
import { ListingsTable } from './listings-section';

const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const OTHER_COLLECTION = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';

function withQueries(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
  return client;
}

const held = (collection: string, tokenId: string) => portfolioHolding({ wallet: ME, collection, token_id: tokenId });
const portfolio = (holdings: PortfolioHolding[]) => portfolioOf(ME, holdings);

const header = () => <CollectionHeader collection={collectionOf(collectionDetail())} dense={false} />;

beforeEach(() => {
  // happy-dom lays nothing out; the table's scroll box gets a height so the virtualizer has rows to show.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(360);
  sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
});

afterEach(async () => {
  sessionStore.getState().clear();
  closeSellDialog();
  await act(() => i18n.changeLanguage('en'));
});

describe("the trader's own tokens on a collection page", () => {
  it('marks the listings of the trader’s wallets as theirs, with no Buy', async () => {
    render(
      <ListingsTable
        tokens={listedTokens([listingRow(1, { from_address: ME }), listingRow(2)].map(listingOf))}
        ownWallets={new Set([ME])}
        onBuy={() => {}}
      />,
    );
    const [mine, theirs] = screen.getAllByRole('row').slice(1);
    expect(within(mine!).getByTestId('listing-yours').textContent).toBe('Yours');
    expect(within(theirs!).queryByTestId('listing-yours')).toBeNull();
    expect(within(mine!).queryByTestId('listing-buy')).toBeNull();
    expect(within(theirs!).getByTestId('listing-buy')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh'));
    expect(within(mine!).getByTestId('listing-yours').textContent).toBe('我的');
  });

  it('lists the trader’s tokens of the collection from the header', async () => {
    sessionStore.setState({ premium: true });
    stubApi(() => ok(portfolio([held(APES, '4'), held(OTHER_COLLECTION, '5'), held(APES, '9')])));
    withQueries(header());
    await userEvent.click(await screen.findByRole('button', { name: 'List yours (2)' }));
    expect(sellDialogStore.getState().tokens).toEqual([
      { collection: APES, token_id: '4' },
      { collection: APES, token_id: '9' },
    ]);
  });

  it('offers nothing to list to a premium trader holding none of it', async () => {
    sessionStore.setState({ premium: true });
    stubApi(() => ok(portfolio([held(OTHER_COLLECTION, '5')])));
    const client = withQueries(header());
    // The portfolio is in (under the portfolio page's key): the header knows there is nothing of this collection.
    await waitFor(() => expect(client.getQueryData(['portfolio', ME, true, null])).toBeDefined());
    expect(screen.queryByTestId('list-yours')).toBeNull();
  });

  it('opens the dialog on the premium offer for a trader without premium', async () => {
    const api = stubApi(() => null);
    withQueries(header());
    await userEvent.click(screen.getByRole('button', { name: 'List yours' }));
    expect(sellDialogStore.getState()).toMatchObject({ open: true, tokens: [] });
    expect(api).not.toHaveBeenCalled();
  });
});
