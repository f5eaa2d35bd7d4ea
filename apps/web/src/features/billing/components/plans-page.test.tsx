import { SUBSCRIBE_ABI } from '@floordesk/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { decodeFunctionData } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/dates';
import { i18n } from '../../../lib/i18n';
import { USER_CHECK_KEY } from '../../../lib/user-check-key';
import { walletStore } from '../../../lib/wallet/wallet-store';
import { closeLoginPrompt, loginPromptStore } from '../../../stores/login-prompt-store';
import { sessionStore } from '../../../stores/session-store';
import { bodiesSentTo, renderInApp } from '../../../test/render-in-app';
import { type PayDeps, payRunStore } from '../pay-flow';
import {
  CONTRACT,
  finney,
  ME,
  ok,
  payment,
  plansData,
  planPrices,
  quoteData,
  stubBillingApi,
  subscriptionData,
  TX_HASH,
} from '../test-fixtures';
import { livePayDeps } from '../use-pay';
import PlansPage from './plans-page';
import { silentWallet } from '../../../test/fake-wallet';

// The wallet's side: what it was asked to send, answered with a hash (or a refusal), without wagmi.
const send = vi.hoisted(() => vi.fn<PayDeps['send']>());
vi.mock('../../../lib/wallet/load-wallet-actions', () => ({
  loadWalletActions: async () => ({ sendWalletTransaction: send }),
  usePreloadWalletActions: () => {},
}));

const wallet = silentWallet;

/** The polls' pauses, held until the test lets the next poll run. */
let wakers: (() => void)[];
const nextPoll = () => act(async () => wakers.splice(0).forEach((wake) => wake()));

const USER_CHECK = [...USER_CHECK_KEY, ME, 'secret'];

function signIn() {
  sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
  walletStore.setState({ status: 'connected', wallet, account: ME, chainId: 31337 });
}

const payButton = (plan = 'Half year') => screen.getByRole('button', { name: `Pay for ${plan}` });
const agree = () => userEvent.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
const quotes = (api: ReturnType<typeof stubBillingApi>) => bodiesSentTo(api, '/api/subscription/quote');

beforeEach(() => {
  wakers = [];
  send.mockReset();
  vi.spyOn(livePayDeps, 'sleep').mockImplementation(() => new Promise<void>((resolve) => wakers.push(resolve)));
});

afterEach(async () => {
  payRunStore.setState({ run: null });
  closeLoginPrompt();
  sessionStore.getState().clear();
  walletStore.setState({ status: 'disconnected', wallet: null, account: undefined, chainId: undefined });
  await act(() => i18n.changeLanguage('en'));
});

describe('/plans', () => {
  it('shows the five plans, the half year as the popular one, and why a price is below the list', async () => {
    stubBillingApi({
      '/api/subscription/plans': ok(
        plansData({
          plans: planPrices({
            4: { price: finney(135), reason: 'invitation' },
            5: { price: finney(153), reason: 'identity' },
          }),
        }),
      ),
    });
    renderInApp(<PlansPage />, { path: '/plans' });
    const cards = await screen.findAllByTestId('plan-card');
    expect(cards.map((card) => card.dataset.plan)).toEqual(['1', '2', '3', '4', '5']);
    const half = within(cards[3]!);
    expect(half.getByText('Popular')).toBeTruthy();
    expect(half.getByTestId('plan-price').textContent).toBe('0.1350');
    expect(half.getByTestId('plan-list-price').textContent).toContain('0.1500');
    expect(half.getByTestId('plan-reason').textContent).toBe('Invitation −10%');
    expect(within(cards[4]!).getByTestId('plan-reason').textContent).toBe('Genesis price');
    // An ordinary price has no tag and nothing struck through.
    expect(within(cards[0]!).queryByTestId('plan-reason')).toBeNull();
    expect(within(cards[0]!).queryByTestId('plan-list-price')).toBeNull();
    expect(within(cards[0]!).queryByText('Popular')).toBeNull();
  });

  it('asks a visitor to sign in, and Pay (ticked) opens the login prompt without asking for a quote', async () => {
    const api = stubBillingApi({ '/api/subscription/plans': ok(plansData()) });
    renderInApp(<PlansPage />, { path: '/plans' });
    expect(screen.getByTestId('status-card').textContent).toContain('Sign in to see your membership');
    await screen.findAllByTestId('plan-card');
    await agree();
    await userEvent.click(payButton());
    expect(loginPromptStore.getState().open).toBe(true);
    expect(quotes(api)).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Have a code?' })).toBeNull();
  });

  it('shows the membership and the identity of a signed-in user', async () => {
    signIn();
    const end = 1_900_000_000;
    stubBillingApi({
      '/api/subscription/plans': ok(plansData({ identity: '1' })),
      '/api/subscription': ok(subscriptionData({ end_flag: end, identity: '1' })),
      '/api/codes/invitation': ok({ code: 'ALICE', invited_by: null, invitees: 2, rewarded: 1 }),
    });
    renderInApp(<PlansPage />, { path: '/plans' });
    expect((await screen.findByTestId('membership')).textContent).toBe(
      `Member until ${formatDate(end, 'YYYY-MM-DD HH:mm')}`,
    );
    expect(screen.getByTestId('identity').textContent).toBe('Genesis');
  });

  it('says when the membership is a running trial, and when there is none', async () => {
    signIn();
    const trialEnd = Math.floor(Date.now() / 1000) + 5 * 86_400;
    let subscription = subscriptionData({
      end_flag: trialEnd,
      trial: { started_at: trialEnd - 7 * 86_400, ends_at: trialEnd },
    });
    stubBillingApi({
      '/api/subscription/plans': ok(plansData()),
      '/api/subscription': () => ok(subscription),
      '/api/codes/invitation': ok({ code: 'ALICE', invited_by: null, invitees: 0, rewarded: 0 }),
    });
    const { queryClient } = renderInApp(<PlansPage />, { path: '/plans' });
    expect((await screen.findByTestId('membership')).textContent).toBe(
      `Trial until ${formatDate(trialEnd, 'YYYY-MM-DD HH:mm')}`,
    );
    subscription = subscriptionData();
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(screen.getByTestId('membership').textContent).toBe('Not a member'));
    expect(screen.getByTestId('identity').textContent).toBe('Ordinary');
  });

  it('refuses to pay without the agreement ticked, asking neither the server nor the wallet', async () => {
    signIn();
    const api = stubBillingApi({
      '/api/subscription/plans': ok(plansData()),
      '/api/subscription': ok(subscriptionData()),
      '/api/subscription/quote': ok(quoteData()),
      '/api/codes/invitation': ok({ code: 'ALICE', invited_by: null, invitees: 0, rewarded: 0 }),
    });
    renderInApp(<PlansPage />, { path: '/plans' });
    await screen.findAllByTestId('plan-card');
    await userEvent.click(payButton());
    expect(screen.getByTestId('agree-required').textContent).toBe(
      'Please check and agree to the Disclaimer and Terms of Service.',
    );
    expect(quotes(api)).toEqual([]);
    expect(send).not.toHaveBeenCalled();
    expect(screen.queryByTestId('pay-progress')).toBeNull();

    // Ticking it clears the message; the links lead to the documents.
    await agree();
    expect(screen.queryByTestId('agree-required')).toBeNull();
    expect(screen.getByRole('link', { name: 'Disclaimer' }).getAttribute('href')).toBe('/disclaimer');
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
  });

  it('pays: quote, the wallet sends subscribe(), then waiting, confirming n/N, confirmed; premium is checked again', async () => {
    signIn();
    const end = 1_900_000_000;
    let subscription = subscriptionData();
    const api = stubBillingApi({
      '/api/subscription/plans': ok(plansData()),
      '/api/subscription': () => ok(subscription),
      '/api/subscription/quote': ok(quoteData()),
      '/api/codes/invitation': ok({ code: 'ALICE', invited_by: null, invitees: 0, rewarded: 0 }),
    });
    send.mockResolvedValue(TX_HASH);
    const { queryClient } = renderInApp(<PlansPage />, { path: '/plans' });
    queryClient.setQueryData(USER_CHECK, { user_address: ME, end_flag: 0, identity: '0', before_ens: null });
    await screen.findAllByTestId('plan-card');
    await agree();
    await userEvent.click(payButton());

    expect((await screen.findByTestId('pay-status')).textContent).toBe('Waiting for the chain…');
    expect(quotes(api)).toEqual([{ plan: 4, agree: true }]);
    expect(send).toHaveBeenCalledTimes(1);
    const [sentWallet, from, tx] = send.mock.calls[0]!;
    expect(sentWallet).toBe(wallet);
    expect(from).toBe(ME);
    expect(tx).toMatchObject({ chain_id: 31337, to: CONTRACT, value: finney(150) });
    expect(tx).not.toHaveProperty('gas');
    const call = decodeFunctionData({ abi: SUBSCRIBE_ABI, data: tx.data as `0x${string}` });
    expect(call.functionName).toBe('subscribe');
    expect(call.args).toEqual([
      {
        payer: expect.stringMatching(new RegExp(ME, 'i')),
        plan: 4,
        price: BigInt(finney(150)),
        expiry: 1_750_000_600n,
        quoteId: `0x${'11'.repeat(32)}`,
      },
      `0x${'cd'.repeat(65)}`,
    ]);
    expect(screen.getByTestId('pay-tx').textContent).toContain('0xaba…abab');
    // Nothing can be paid twice while one payment runs.
    expect(payButton('1 month')).toHaveProperty('disabled', true);

    subscription = subscriptionData({ payments: [payment({ confirmations: 1 })] });
    await nextPoll();
    await waitFor(() => expect(screen.getByTestId('pay-status').textContent).toBe('Confirming 1/3'));

    subscription = subscriptionData({ end_flag: end, payments: [payment({ confirmations: 3, credited: true })] });
    await nextPoll();
    await waitFor(() =>
      expect(screen.getByTestId('pay-status').textContent).toBe(
        `Confirmed — member until ${formatDate(end, 'YYYY-MM-DD HH:mm')}`,
      ),
    );
    expect(queryClient.getQueryState(USER_CHECK)?.isInvalidated).toBe(true);
    await waitFor(() =>
      expect(screen.getByTestId('membership').textContent).toBe(`Member until ${formatDate(end, 'YYYY-MM-DD HH:mm')}`),
    );
    expect(payButton('1 month')).toHaveProperty('disabled', false);
  });

  it("says 'User rejected' when the wallet refuses (4001), and asks the server nothing more", async () => {
    signIn();
    const api = stubBillingApi({
      '/api/subscription/plans': ok(plansData()),
      '/api/subscription': ok(subscriptionData()),
      '/api/subscription/quote': ok(quoteData({ plan: 1 })),
      '/api/codes/invitation': ok({ code: 'ALICE', invited_by: null, invitees: 0, rewarded: 0 }),
    });
    send.mockRejectedValue(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    renderInApp(<PlansPage />, { path: '/plans' });
    await screen.findAllByTestId('plan-card');
    await agree();
    const polls = () => api.mock.calls.filter(([input]) => String(input).endsWith('/api/subscription')).length;
    const before = polls();
    await userEvent.click(payButton('1 month'));
    expect((await screen.findByTestId('pay-status')).textContent).toBe('User rejected');
    expect(screen.getByTestId('pay-progress').dataset.phase).toBe('failed');
    expect(quotes(api)).toEqual([{ plan: 1, agree: true }]);
    expect(polls()).toBe(before);
    expect(payButton('1 month')).toHaveProperty('disabled', false);
  });

  it('turns paying off when the server takes no subscriptions', async () => {
    signIn();
    stubBillingApi({
      '/api/subscription/plans': ok(plansData({ contract: null })),
      '/api/subscription': ok(subscriptionData()),
      '/api/codes/invitation': ok({ code: 'ALICE', invited_by: null, invitees: 0, rewarded: 0 }),
    });
    renderInApp(<PlansPage />, { path: '/plans' });
    expect((await screen.findByTestId('no-contract')).textContent).toBe(
      'This FloorDesk takes no subscriptions, so paying is switched off.',
    );
    for (const plan of ['1 month', '3 months', '5 months', 'Half year', '1 year']) {
      expect(payButton(plan)).toHaveProperty('disabled', true);
    }
  });

  it("shows the user's invitation code and the server's refusal of a chosen one", async () => {
    signIn();
    const api = stubBillingApi({
      '/api/subscription/plans': ok(plansData()),
      '/api/subscription': ok(subscriptionData()),
      '/api/codes/invitation': (_url: URL, init?: RequestInit) =>
        init?.method === 'POST'
          ? { status: 1922, msg: 'This invitation code is taken.', data: null }
          : ok({ code: 'K7PQ2M', invited_by: null, invitees: 3, rewarded: 1 }),
    });
    renderInApp(<PlansPage />, { path: '/plans' });
    expect((await screen.findByTestId('invitation-code')).textContent).toBe('K7PQ2M');
    expect(screen.getByText('Used by 3, 1 paid')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Choose your own code'), 'alice');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation code is taken.');
    const posted = api.mock.calls
      .filter(([input, init]) => String(input).endsWith('/api/codes/invitation') && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(posted).toEqual([{ code: 'alice' }]);
  });

  it('speaks Chinese', async () => {
    await act(() => i18n.changeLanguage('zh'));
    signIn();
    stubBillingApi({
      '/api/subscription/plans': ok(plansData()),
      '/api/subscription': ok(subscriptionData()),
      '/api/codes/invitation': ok({ code: 'ALICE', invited_by: null, invitees: 0, rewarded: 0 }),
    });
    renderInApp(<PlansPage />, { path: '/plans' });
    await screen.findAllByTestId('plan-card');
    expect(screen.getByText('最受欢迎')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /^我已阅读并同意\s*免责声明\s*和\s*服务条款$/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '支付：半年' }));
    expect(screen.getByTestId('agree-required').textContent).toBe('请勾选并同意免责声明和服务条款。');
    expect((await screen.findByTestId('membership')).textContent).toBe('尚未开通会员');
    expect(screen.getByTestId('identity').textContent).toBe('普通用户');
  });
});
