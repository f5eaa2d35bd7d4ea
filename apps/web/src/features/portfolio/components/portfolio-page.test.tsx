import { type PortfolioData, type PortfolioHolding, type PortfolioSale, Status } from '@floordesk/protocol';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toastStore } from '../../../components/ui/toast/toast-store';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../stores/session-store';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import PortfolioPage from './portfolio-page';

const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const OTHER = '0x70997970c51812dc3a010c7d01b50e0f7b6dc79c';
const ART = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const ACQUIRED = new Date(2026, 10, 20, 14, 5).getTime();

function holding(overrides: Partial<PortfolioHolding> = {}): PortfolioHolding {
  return {
    wallet: ME,
    collection: ART,
    collection_name: 'Art',
    token_id: '12',
    token_name: null,
    image_url: null,
    amount: '1',
    acquired: 'bought',
    acquired_at: ACQUIRED,
    acquired_tx: `0x${'1'.repeat(64)}`,
    cost_wei: '201234567890000000',
    floor_wei: '250000000000000000',
    unrealised_wei: '48765432110000000',
    ...overrides,
  };
}

function sale(overrides: Partial<PortfolioSale> = {}): PortfolioSale {
  return {
    ...holding({ token_id: '3' }),
    sold_at: ACQUIRED + 86_400_000,
    sold_tx: `0x${'2'.repeat(64)}`,
    proceeds_wei: '100000000000000000',
    gas_wei: '1500000000000000',
    realised_wei: '-102734567890000000',
    ...overrides,
  };
}

function portfolio(overrides: Partial<PortfolioData> = {}): PortfolioData {
  return {
    wallets: [ME],
    wallet: null,
    totals: {
      cost_wei: '201234567890000000',
      floor_value_wei: '250000000000000000',
      unrealised_wei: '48765432110000000',
      realised_wei: '-102734567890000000',
      held: 2,
      unpriced: 1,
      sold: 1,
    },
    holdings: [
      holding(),
      holding({ token_id: '40', acquired: 'received', cost_wei: '0', floor_wei: null, unrealised_wei: null }),
    ],
    sold: [sale()],
    ...overrides,
  };
}

afterEach(async () => {
  sessionStore.getState().clear();
  toastStore.getState().dismiss();
  await act(() => i18n.changeLanguage('en'));
});

describe('/protfolio', () => {
  it('shows costs to 4 decimals and profits to 6, signed and coloured, and marks what came without a sale', async () => {
    sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
    stubApi(() => ok(portfolio()));
    renderInApp(<PortfolioPage />, { path: '/protfolio' });

    expect((await screen.findByTestId('portfolio-total-cost')).textContent).toBe('0.2012 ETH');
    const unrealised = within(screen.getByTestId('portfolio-total-unrealised')).getByText('+0.048765');
    expect(unrealised.className).toContain('text-accent');
    const realised = within(screen.getByTestId('portfolio-total-realised')).getByText('-0.102735');
    expect(realised.className).toContain('text-danger');
    expect(screen.getByText(/1 without a floor/)).toBeTruthy();

    const [bought, received] = screen.getAllByTestId('holding-row');
    expect(within(bought!).getByTestId('holding-cost').textContent).toBe('0.2012');
    expect(within(bought!).getByText('2026-11-20 14:05')).toBeTruthy();
    expect(within(received!).getByTestId('acquired-how').textContent).toBe('Received');
    expect(within(received!).getByTestId('acquired-how').title).toBe('Received without a sale: counted at no cost');
    expect(within(received!).getByTestId('holding-floor').textContent).toBe('no floor');
    const [sold] = screen.getAllByTestId('sold-row');
    expect(within(sold!).getByTestId('sold-gas').textContent).toBe('0.001500');
    expect(within(sold!).getByTestId('sold-realised').textContent).toBe('-0.102735');
  });

  it('says when only the latest sales are listed', async () => {
    sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
    stubApi(() => ok(portfolio({ totals: { ...portfolio().totals, sold: 1_200 } })));
    renderInApp(<PortfolioPage />, { path: '/protfolio' });
    expect((await screen.findByTestId('sold-latest')).textContent).toBe(
      'The latest 1 of 1,200 sales; the totals count them all.',
    );
  });

  it('filters by wallet when there are several, asking the server for that wallet', async () => {
    sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
    const fetchSpy = stubApi((url) => {
      const wallet = url.searchParams.get('wallet');
      return ok(portfolio({ wallets: [ME, OTHER], wallet, ...(wallet && { holdings: [], sold: [] }) }));
    });
    renderInApp(<PortfolioPage />, { path: '/protfolio' });
    await userEvent.click(await screen.findByRole('button', { name: '0x709…c79c' }));
    expect(await screen.findByText('Nothing in these wallets yet.')).toBeTruthy();
    const asked = fetchSpy.mock.calls.map(([input]) => new URL(String(input), window.location.origin).search);
    expect(asked).toContain(`?wallet=${OTHER}`);
  });

  it('names each wallet of the filter by its ENS name where it has one', async () => {
    sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
    stubApi((url) => {
      if (url.pathname === '/api/user/wallets') {
        return ok({
          list: [
            { address: ME, ens: null, primary: true },
            { address: OTHER, ens: 'bob.eth', primary: false },
          ],
        });
      }
      return ok(portfolio({ wallets: [ME, OTHER], wallet: url.searchParams.get('wallet') }));
    });
    renderInApp(<PortfolioPage />, { path: '/protfolio' });
    expect(await screen.findByRole('button', { name: 'bob.eth' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '0xf39…2266' })).toBeTruthy();
  });

  it.each([
    ['en', 'The portfolio is only available to premium users', 'See the plans'],
    ['zh', '资产组合仅对高级会员开放', '查看会员方案'],
  ])(
    'answers a caller without premium in %s with the server’s message and a link to the plans',
    async (lang, msg, link) => {
      await act(() => i18n.changeLanguage(lang));
      sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
      stubApi(() => ({ status: Status.PortfolioPremiumRequired, msg, data: null }));
      renderInApp(<PortfolioPage />, { path: '/protfolio' });
      const message = await screen.findByTestId('portfolio-premium');
      expect(within(message).getByText(msg)).toBeTruthy();
      expect(within(message).getByRole('link', { name: link }).getAttribute('href')).toBe('/plans');
      expect(toastStore.getState().toast).toBeNull();
    },
  );
});
