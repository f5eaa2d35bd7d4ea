import { type GasPriceData, MARKETPLACES } from '@floordesk/protocol';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closePanels, panelsStore } from '../../../stores/panels-store';
import { HIDDEN_MARKETPLACES_KEY, marketplaceStore } from '../../../stores/marketplace-store';
import { sessionStore } from '../../../stores/session-store';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { closeLoginPrompt, loginPromptStore } from '../../../stores/login-prompt-store';
import { GAS_PRICE_POLL_MS } from '../../../lib/api/gas-price';
import { MarketBar } from './market-bar';

const prices: GasPriceData = { gas_price: 12.3456, eth_price: 3456.789, block_number: 1250 };

/** What the gas-price endpoint answers now. */
let reply: unknown;
let api: ReturnType<typeof stubApi>;

function setWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(viewport: { width: number }): void } }).happyDOM.setViewport({
    width,
  });
}

function renderBar({ width = 1440, showTrending = true } = {}) {
  setWidth(width);
  renderInApp(<MarketBar showTrending={showTrending} />);
}

const bar = () => within(screen.getByRole('region', { name: 'Market bar' }));
/** The figure shown under a label, as text. */
const figure = (label: string) => screen.getByTitle(label).querySelector('dd')?.textContent;
const gas = () => figure('Base fee of the latest block, in Gwei');
const ethPrice = () => figure("ETH price in USD, from the chain's price feed");
const signIn = () =>
  sessionStore.getState().signIn({ token: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', sign_num: 'secret' });

describe('bottom bar', () => {
  beforeEach(() => {
    reply = ok(prices);
    api = stubApi(() => reply);
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    closePanels();
    closeLoginPrompt();
    sessionStore.getState().clear();
    for (const marketplace of MARKETPLACES) {
      if (!marketplaceStore.getState().enabled.has(marketplace)) marketplaceStore.getState().toggle(marketplace);
    }
  });

  it('shows base gas in Gwei and the ETH price in USD', async () => {
    renderBar();
    await waitFor(() => expect(ethPrice()).toBe('$3,456.79'));
    expect(gas()).toBe('12.35 Gwei');
  });

  it('shows a base fee too small to round as below 0.01 Gwei, not as 0', async () => {
    reply = ok({ ...prices, gas_price: 0.000000007 });
    renderBar();
    await waitFor(() => expect(gas()).toBe('<0.01 Gwei'));
  });

  it('dashes the ETH price when the chain has no price feed', async () => {
    reply = ok({ ...prices, eth_price: null });
    renderBar();
    await waitFor(() => expect(gas()).toBe('12.35 Gwei'));
    expect(ethPrice()).toBe('—');
  });

  it('dashes both figures until they arrive, and once a poll fails rather than show stale ones', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderBar();
    expect(ethPrice()).toBe('—');
    expect(gas()).toBe('— Gwei');
    await waitFor(() => expect(ethPrice()).toBe('$3,456.79'));

    reply = { status: 1001, msg: 'Server busy', data: null };
    await vi.advanceTimersByTimeAsync(GAS_PRICE_POLL_MS);
    await waitFor(() => expect(ethPrice()).toBe('—'));
    expect(gas()).toBe('— Gwei');
  });

  it('polls the figures every few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderBar();
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    reply = ok({ ...prices, gas_price: 30 });
    await vi.advanceTimersByTimeAsync(GAS_PRICE_POLL_MS);
    await waitFor(() => expect(gas()).toBe('30 Gwei'));
    expect(api.mock.calls[1]![0]).toBe('/api/market/gas-price');
  });

  it('switches a marketplace off and on in the remembered switches', async () => {
    renderBar();
    const opensea = await bar().findByRole('button', { name: 'OpenSea' });
    expect(opensea.getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(opensea);
    expect(marketplaceStore.getState().enabled.has('opensea')).toBe(false);
    expect(localStorage.getItem(HIDDEN_MARKETPLACES_KEY)).toBe('["opensea"]');
    expect(opensea.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(opensea);
    expect(marketplaceStore.getState().enabled.has('opensea')).toBe(true);
    expect(opensea.getAttribute('aria-pressed')).toBe('true');
  });

  it('offers all five marketplaces by their short names', async () => {
    renderBar();
    const group = within(await bar().findByRole('group', { name: 'Marketplaces' }));
    expect(
      group.getAllByRole('button').map((button) => [button.getAttribute('aria-label'), button.textContent]),
    ).toEqual([
      ['OpenSea', 'OS'],
      ['X2Y2', 'X2'],
      ['LooksRare', 'LR'],
      ['Blur', 'BL'],
      ['SoduSwap', 'SD'],
    ]);
  });

  it('asks a visitor to sign in instead of opening trending', async () => {
    renderBar();
    await userEvent.click(bar().getByRole('button', { name: 'Trending' }));
    expect(loginPromptStore.getState().open).toBe(true);
    expect(panelsStore.getState().open).toBeNull();
  });

  it('opens one panel at a time: trending and the calendar close each other', async () => {
    signIn();
    renderBar();
    const trending = bar().getByRole('button', { name: 'Trending' });
    const calendar = bar().getByRole('button', { name: 'Calendar' });

    await userEvent.click(trending);
    expect(panelsStore.getState().open).toBe('trending');
    expect(trending.getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(calendar);
    expect(panelsStore.getState().open).toBe('calendar');
    expect(trending.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(calendar);
    expect(panelsStore.getState().open).toBeNull();
  });

  it('shows the trending toggle above 1015 px and the calendar above 1100 px', async () => {
    renderBar({ width: 1015 });
    expect(await bar().findByRole('group', { name: 'Marketplaces' })).toBeTruthy();
    expect(bar().queryByRole('button', { name: 'Trending' })).toBeNull();
    expect(bar().queryByRole('button', { name: 'Calendar' })).toBeNull();

    act(() => setWidth(1016));
    expect(bar().getByRole('button', { name: 'Trending' })).toBeTruthy();
    expect(bar().queryByRole('button', { name: 'Calendar' })).toBeNull();

    act(() => setWidth(1101));
    expect(bar().getByRole('button', { name: 'Calendar' })).toBeTruthy();
  });

  it('leaves the trending toggle out on routes without the trending panel', () => {
    renderBar({ showTrending: false });
    expect(bar().queryByRole('button', { name: 'Trending' })).toBeNull();
    expect(bar().getByRole('button', { name: 'Calendar' })).toBeTruthy();
  });

  it('collapses at 850 px into the prices and a menu with the panels and marketplaces', async () => {
    signIn();
    renderBar({ width: 850 });
    await waitFor(() => expect(ethPrice()).toBe('$3,456.79'));
    const more = await bar().findByRole('button', { name: 'More' });
    expect(bar().queryByRole('group', { name: 'Marketplaces' })).toBeNull();

    await userEvent.click(more);
    expect(panelsStore.getState().open).toBe('mobileMenu');
    const menu = within(await screen.findByRole('dialog'));
    expect(menu.getByRole('button', { name: 'Trending' })).toBeTruthy();
    expect(
      menu.getAllByRole('button', { name: /OpenSea|X2Y2|LooksRare|Blur|SoduSwap/ }).map((b) => b.textContent),
    ).toEqual(['OpenSea', 'X2Y2', 'LooksRare', 'Blur', 'SoduSwap']);

    await userEvent.click(menu.getByRole('button', { name: 'Calendar' }));
    expect(panelsStore.getState().open).toBe('calendar');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
