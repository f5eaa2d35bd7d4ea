import { type PortfolioHolding, SELL_BATCH_MAX } from '@floordesk/protocol';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeSellDialog, sellDialogStore } from '../../../stores/sell-dialog-store';
import { sessionStore } from '../../../stores/session-store';
import { portfolioHolding, portfolioOf } from '../../../test/portfolio-fixtures';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import PortfolioPage from './portfolio-page';

const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const ART = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const GRIDS = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';

const holding = (tokenId: number, collection = ART) =>
  portfolioHolding({ wallet: ME, collection, collection_name: 'Art', token_id: String(tokenId) });
const portfolio = (holdings: PortfolioHolding[]) => portfolioOf(ME, holdings);

/** What the List dialog was opened with. */
const opened = () => sellDialogStore.getState().tokens;

beforeEach(() => {
  sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
});

afterEach(() => {
  sessionStore.getState().clear();
  closeSellDialog();
});

describe('listing from the portfolio', () => {
  it('lists one held token from its row', async () => {
    stubApi(() => ok(portfolio([holding(12), holding(40)])));
    renderInApp(<PortfolioPage />, { path: '/protfolio' });
    const [, second] = await screen.findAllByTestId('holding-row');
    await userEvent.click(within(second!).getByRole('button', { name: 'List #40' }));
    expect(opened()).toEqual([{ collection: ART, token_id: '40' }]);
  });

  it('lists a selection across collections, and everything with select all', async () => {
    stubApi(() => ok(portfolio([holding(12), holding(40), holding(7, GRIDS)])));
    renderInApp(<PortfolioPage />, { path: '/protfolio' });
    await screen.findAllByTestId('holding-row');
    expect(screen.queryByTestId('holdings-list-selected')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select #12' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select #7' }));
    await userEvent.click(screen.getByRole('button', { name: 'List 2 selected' }));
    expect(opened()).toEqual([
      { collection: ART, token_id: '12' },
      { collection: GRIDS, token_id: '7' },
    ]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(screen.getByRole('button', { name: 'List 3 selected' }));
    expect(opened()).toHaveLength(3);
  });

  it(`lists at most ${SELL_BATCH_MAX} at once`, async () => {
    stubApi(() => ok(portfolio(Array.from({ length: SELL_BATCH_MAX + 1 }, (_, index) => holding(index + 1)))));
    renderInApp(<PortfolioPage />, { path: '/protfolio' });
    await screen.findAllByTestId('holding-row');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('button', { name: `List ${SELL_BATCH_MAX + 1} selected` })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText(`At most ${SELL_BATCH_MAX} at once`)).toBeTruthy();
  });
});
