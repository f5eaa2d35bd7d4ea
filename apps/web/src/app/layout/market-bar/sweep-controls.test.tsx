import { MARKETPLACES } from '@floordesk/protocol';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closePanels, panelsStore } from '../../../stores/panels-store';
import { i18n } from '../../../lib/i18n';
import { gasStore } from '../../../stores/gas-store';
import { marketplaceStore } from '../../../stores/marketplace-store';
import { sessionStore } from '../../../stores/session-store';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { APES, collectionDetail, listingRow } from '../../../test/collection-fixtures';
import { MarketBar } from './market-bar';
import { SKIP_PENDING_KEY, skipStore } from '../../../features/sweep/skip-store';
import { sweepCountStore } from '../../../features/sweep/sweep-count-store';

const alice = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

function setWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(viewport: { width: number }): void } }).happyDOM.setViewport({
    width,
  });
}

function renderBar({ width = 1440, collection = APES as string | null } = {}) {
  setWidth(width);
  renderInApp(<MarketBar showTrending showBreak collection={collection} />, { path: '/collection/:id' });
}

const bar = () => within(screen.getByRole('region', { name: 'Market bar' }));
const countButtons = (scope: HTMLElement) =>
  within(within(scope).getByRole('group', { name: 'Sweep count' }))
    .getAllByRole('button')
    .map((button) => Number(button.textContent));
const sweepButton = () => screen.getByTestId('sweep-button');

describe('the bar’s sweep controls', () => {
  beforeEach(() => {
    sessionStore.getState().signIn({ token: alice, sign_num: 'secret' });
    stubApi((url) => {
      switch (url.pathname) {
        case '/api/collection':
          return ok(collectionDetail());
        case '/api/collection/listings':
          // Token 2 is flagged; token 4 is the buyer's own listing.
          return ok({
            list: [
              listingRow(3),
              listingRow(1),
              listingRow(2, { risk_flag: 1 }),
              listingRow(4, { from_address: alice }),
              listingRow(5),
            ],
          });
        case '/api/user/gas':
          return ok({ gas: [] });
        default:
          return ok({ gas_price: 10, eth_price: 3000, block_number: 1 });
      }
    });
  });

  afterEach(async () => {
    await i18n.changeLanguage('en');
    closePanels();
    gasStore.setState({ byWallet: {} });
    sessionStore.getState().clear();
    sweepCountStore.setState({ count: 1 });
    skipStore.setState({ byWallet: {} });
    marketplaceStore.setState({ enabled: new Set(MARKETPLACES) });
  });

  it('offers counts 2 to 5 on the desktop bar, with the slider, SWEEP and the skip switch', async () => {
    renderBar({ width: 1440 });
    expect(countButtons(await bar().findByRole('group', { name: 'Sweep' }))).toEqual([2, 3, 4, 5]);
    expect(bar().getByRole('slider', { name: 'Items to sweep' })).toBeTruthy();
    expect(bar().getByRole('checkbox', { name: 'SKIP PENDING AND FLAGGED' })).toBeTruthy();
    expect(bar().getByText('SKIP P/F')).toBeTruthy();
    expect(sweepButton().textContent).toMatch(/^SWEEP 1/);
  });

  it('adds 10 above 1600 px, and every label', async () => {
    renderBar({ width: 1601 });
    expect(countButtons(await bar().findByRole('group', { name: 'Sweep' }))).toEqual([2, 3, 4, 5, 10]);
    expect(bar().getByText('SKIP PENDING AND FLAGGED')).toBeTruthy();
    expect(bar().getByText('Trending')).toBeTruthy();
  });

  it('makes room below 1280 px: no slider, and the skip switch without its label', async () => {
    renderBar({ width: 1100 });
    await bar().findByRole('group', { name: 'Sweep' });
    expect(bar().queryByRole('slider')).toBeNull();
    expect(bar().getByRole('checkbox', { name: 'SKIP PENDING AND FLAGGED' })).toBeTruthy();
    expect(bar().queryByText('SKIP P/F')).toBeNull();
    expect(await bar().findByTestId('break-even')).toBeTruthy();
  });

  // Rendered at its width rather than shrunk to it: happy-dom reports a media query that stops matching only
  // after it has once reported it matching.
  it('and no break-even price from 1015 px down', async () => {
    renderBar({ width: 1015 });
    await bar().findByRole('group', { name: 'Sweep' });
    expect(bar().queryByTestId('break-even')).toBeNull();
    expect(bar().getByTestId('sweep-button')).toBeTruthy();
  });

  it('shows no sweep where the page is not about a collection', async () => {
    renderBar({ collection: null });
    await bar().findByRole('group', { name: 'Gas presets' });
    expect(bar().queryByRole('group', { name: 'Sweep' })).toBeNull();
  });

  it('previews the cheapest listings it would buy, skipping flagged ones and the buyer’s own', async () => {
    renderBar();
    await userEvent.click(await bar().findByRole('button', { name: '3' }));
    expect(bar().getByRole('button', { name: '3' }).getAttribute('aria-pressed')).toBe('true');
    // Tokens 1, 3 and 5: 2 is flagged and 4 is the buyer's.
    await waitFor(() => expect(sweepButton().textContent).toBe(`SWEEP 3${(1.001 + 1.003 + 1.005).toFixed(4)} Ξ`));

    await userEvent.click(bar().getByRole('checkbox', { name: 'SKIP PENDING AND FLAGGED' }));
    await waitFor(() => expect(sweepButton().textContent).toBe(`SWEEP 3${(1.001 + 1.002 + 1.003).toFixed(4)} Ξ`));
    expect(JSON.parse(localStorage.getItem(SKIP_PENDING_KEY)!)).toEqual({ [alice]: false });
  });

  it('follows the slider', async () => {
    renderBar();
    const slider = await bar().findByRole('slider', { name: 'Items to sweep' });
    fireEvent.change(slider, { target: { value: '30' } });
    // Four listings can be bought, whatever the count.
    await waitFor(() => expect(sweepButton().textContent).toBe(`SWEEP 30${(1.001 + 1.003 + 1.005).toFixed(4)} Ξ`));
  });

  it('shows the break-even price: floor, 250,000 gas at base fee plus priority, and OpenSea’s 2.5%', async () => {
    renderBar();
    // 1.234 + 250,000 × 10 Gwei + 2.5% of 1.234 = 1.26735.
    await waitFor(() => expect(bar().getByTestId('break-even').textContent).toBe('1.2674 Ξ'));
    await userEvent.keyboard('2');
    // The fast preset adds its 5 Gwei priority: + 0.00125.
    await waitFor(() => expect(bar().getByTestId('break-even').textContent).toBe('1.2686 Ξ'));
  });

  it('lists the break-even on each marketplace in its hint, by their resale fees: OpenSea 2.5%, LooksRare and X2Y2 0.5%, Blur none', async () => {
    renderBar();
    await waitFor(() => expect(bar().getByTestId('break-even').textContent).toBe('1.2674 Ξ'));
    await userEvent.hover(bar().getByRole('button', { name: 'Break-even 1.2674 Ξ' }));
    // 1.234 + 0.0025 of gas, + 0.5% (0.00617) or nothing.
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      "Floor + gas of a 250,000-gas buy at the base fee and your preset's priority fee + the marketplace's fee on the resale\n" +
        'OpenSea\u00a01.2674 · LooksRare\u00a01.2427 · X2Y2\u00a01.2427 · Blur\u00a01.2365',
    );
  });

  it('shows that hint to the keyboard too, in Chinese', async () => {
    renderBar();
    await waitFor(() => expect(bar().getByTestId('break-even').textContent).toBe('1.2674 Ξ'));
    const breakEven = bar().getByRole('button', { name: 'Break-even 1.2674 Ξ' });
    await act(() => i18n.changeLanguage('zh'));
    expect(breakEven.textContent).toBe('保本价1.2674 Ξ');
    act(() => breakEven.focus());
    expect((await screen.findByRole('tooltip')).textContent).toContain(
      '转售时该市场的手续费\nOpenSea\u00a01.2674 · LooksRare\u00a01.2427 · X2Y2\u00a01.2427 · Blur\u00a01.2365',
    );
  });

  it('puts the sweep in a popover on the collapsed bar, with counts 2 to 6', async () => {
    renderBar({ width: 600 });
    await userEvent.click(await bar().findByRole('button', { name: 'Sweep' }));
    expect(panelsStore.getState().open).toBe('sweepPop');
    const popover = within(await screen.findByRole('dialog', { name: 'Sweep' }));
    expect(countButtons(screen.getByRole('dialog', { name: 'Sweep' }))).toEqual([2, 3, 4, 5, 6]);
    expect(popover.getByRole('group', { name: 'Gas presets' })).toBeTruthy();
    expect(popover.getByTestId('sweep-button')).toBeTruthy();

    await userEvent.click(bar().getByRole('button', { name: 'More' }));
    expect(panelsStore.getState().open).toBe('mobileMenu');
  });

  it('offers counts 2 to 10 below 500 px', async () => {
    renderBar({ width: 390 });
    await userEvent.click(await bar().findByRole('button', { name: 'Sweep' }));
    expect(countButtons(await screen.findByRole('dialog', { name: 'Sweep' }))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
