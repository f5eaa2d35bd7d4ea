import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/dates';
import { i18n } from '../../../lib/i18n';
import { walletStore } from '../../../lib/wallet/wallet-store';
import { sessionStore } from '../../../stores/session-store';
import { bodiesSentTo, renderInApp } from '../../../test/render-in-app';
import { type PayDeps, payRunStore } from '../pay-flow';
import { finney, ME, ok, plansData, planPrices, promotion, quoteData, stubBillingApi } from '../test-fixtures';
import SalePage from './sale-page';
import { silentWallet } from '../../../test/fake-wallet';

const send = vi.hoisted(() => vi.fn<PayDeps['send']>());
vi.mock('../../../lib/wallet/load-wallet-actions', () => ({
  loadWalletActions: async () => ({ sendWalletTransaction: send }),
  usePreloadWalletActions: () => {},
}));

const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

afterEach(async () => {
  vi.useRealTimers();
  payRunStore.setState({ run: null });
  sessionStore.getState().clear();
  walletStore.setState({ status: 'disconnected', wallet: null, account: undefined, chainId: undefined });
  await act(() => i18n.changeLanguage('en'));
});

describe('the sale pages', () => {
  it("asks the server for the route's sale and, live, shows it with a countdown and the sale's prices", async () => {
    const endsAt = now() + 2 * DAY + 3 * 3600 + 4 * 60 + 30;
    const api = stubBillingApi({
      '/api/subscription/plans': ok(
        plansData({
          promotion: promotion({ ends_at: endsAt }),
          plans: planPrices({ 4: { price: finney(90), reason: 'promotion' } }),
        }),
      ),
    });
    renderInApp(<SalePage />, { path: '/FlashSale' });
    expect((await screen.findByTestId('sale-countdown')).textContent).toBe('Ends in 2d 3h 4m');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Flash Sale');
    expect(screen.getByText('Every plan 40% off for a day.')).toBeTruthy();
    expect(screen.getByText(`Ends ${formatDate(endsAt, 'YYYY-MM-DD HH:mm')}`)).toBeTruthy();
    const half = screen.getAllByTestId('plan-card')[3]!;
    expect(half.querySelector('[data-testid="plan-price"]')?.textContent).toBe('0.0900');
    expect(half.querySelector('[data-testid="plan-reason"]')?.textContent).toBe('Sale');
    const asked = api.mock.calls.map(([input]) => new URL(String(input), window.location.origin));
    expect(asked.map((url) => url.searchParams.get('promotion'))).toEqual(['FlashSale']);
  });

  it('counts down once a minute', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const endsAt = now() + 3600 + 2 * 60 + 30;
    stubBillingApi({ '/api/subscription/plans': ok(plansData({ promotion: promotion({ ends_at: endsAt }) })) });
    renderInApp(<SalePage />, { path: '/FlashSale' });
    await vi.waitFor(() => expect(screen.getByTestId('sale-countdown').textContent).toBe('Ends in 1h 2m'));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByTestId('sale-countdown').textContent).toBe('Ends in 1h 1m');
  });

  it('pays at the sale: the quote names the sale', async () => {
    sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
    walletStore.setState({ status: 'connected', wallet: silentWallet, account: ME, chainId: 31337 });
    send.mockReturnValue(new Promise(() => {}));
    const api = stubBillingApi({
      '/api/subscription/plans': ok(plansData({ promotion: promotion({ slug: 'blackfriday' }) })),
      '/api/subscription/quote': ok(quoteData({ plan: 3 })),
    });
    renderInApp(<SalePage />, { path: '/blackfriday' });
    await screen.findByTestId('sale-countdown');
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay for 5 months' }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(bodiesSentTo(api, '/api/subscription/quote')).toEqual([{ plan: 3, promotion: 'blackfriday', agree: true }]);
  });

  it('shows only the ended message of an ended sale, with the way to the plans', async () => {
    stubBillingApi({ '/api/subscription/plans': ok(plansData({ promotion: promotion({ state: 'ended' }) })) });
    renderInApp(<SalePage />, { path: '/ChristmasPromo' });
    expect((await screen.findByTestId('sale-ended')).textContent).toBe('The Flash Sale is over. See you next time!');
    expect(screen.queryAllByTestId('plan-card')).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/plans');
  });

  it('treats a live sale whose end has passed as ended', async () => {
    stubBillingApi({
      '/api/subscription/plans': ok(plansData({ promotion: promotion({ state: 'live', ends_at: now() - 5 }) })),
    });
    renderInApp(<SalePage />, { path: '/promo' });
    expect((await screen.findByTestId('sale-ended')).textContent).toBe('The Flash Sale is over. See you next time!');
    expect(screen.queryAllByTestId('plan-card')).toEqual([]);
  });

  it('says when an upcoming sale starts, without paying', async () => {
    const startsAt = now() + DAY + 60 * 60 + 30;
    stubBillingApi({
      '/api/subscription/plans': ok(
        plansData({ promotion: promotion({ state: 'upcoming', starts_at: startsAt, ends_at: startsAt + DAY }) }),
      ),
    });
    renderInApp(<SalePage />, { path: '/spring' });
    expect((await screen.findByTestId('sale-starts')).textContent).toBe(
      `Starts ${formatDate(startsAt, 'YYYY-MM-DD HH:mm')}, in 1d 1h 0m`,
    );
    expect(screen.queryAllByTestId('plan-card')).toEqual([]);
  });

  it('says there is no sale when the page has none', async () => {
    stubBillingApi({ '/api/subscription/plans': ok(plansData({ promotion: null })) });
    renderInApp(<SalePage />, { path: '/VIP3' });
    expect((await screen.findByTestId('sale-none')).textContent).toBe('There is no sale on this page right now.');
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/plans');
    expect(screen.queryAllByTestId('plan-card')).toEqual([]);
  });

  it('speaks Chinese', async () => {
    await act(() => i18n.changeLanguage('zh'));
    stubBillingApi({
      '/api/subscription/plans': ok(plansData({ promotion: promotion({ ends_at: now() + 3 * 3600 + 90 }) })),
    });
    renderInApp(<SalePage />, { path: '/FlashSale' });
    expect((await screen.findByTestId('sale-countdown')).textContent).toBe('距结束还有 3 小时 1 分');
  });
});
