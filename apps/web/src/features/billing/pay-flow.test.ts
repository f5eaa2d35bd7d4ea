import { Status, type SubscriptionData } from '@floordesk/protocol';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { PAY_GIVE_UP_MS, type PayDeps, type PayPhase, payRunStore, runPayment } from './pay-flow';
import { ME, ok, payment, quoteData, stubBillingApi, subscriptionData, TX_HASH } from './test-fixtures';
import { silentWallet } from '../../test/fake-wallet';

const wallet = silentWallet;

type Deps = PayDeps & {
  quote: Mock<PayDeps['quote']>;
  send: Mock<PayDeps['send']>;
  notify: Mock<PayDeps['notify']>;
  credited: Mock<PayDeps['credited']>;
  receipt: Mock<PayDeps['receipt']>;
};

let deps: Deps;
let answers: SubscriptionData[];
let phases: PayPhase[];
let clock: number;

beforeEach(() => {
  // Wallet failures are reported to the server.
  stubBillingApi({ '/api/client/errors': ok(null) });
  answers = [subscriptionData()];
  phases = [];
  clock = 0;
  payRunStore.subscribe(({ run }) => {
    if (run && phases.at(-1) !== run.phase) phases.push(run.phase);
  });
  deps = {
    requireLogin: () => true,
    signedIn: () => true,
    wallet: () => ({ wallet, account: ME, chainId: 31337 }),
    quote: vi.fn<PayDeps['quote']>(async () => quoteData()),
    subscription: async () => (answers.length > 1 ? answers.shift()! : answers[0]!),
    send: vi.fn<PayDeps['send']>(async () => TX_HASH),
    receipt: vi.fn<PayDeps['receipt']>(async () => null),
    wrongNetwork: async (chainId) => `Switch to chain ${chainId}`,
    reauthorize: () => {},
    notify: vi.fn<PayDeps['notify']>(),
    credited: vi.fn<PayDeps['credited']>(),
    sleep: async (ms) => {
      clock += ms;
    },
    now: () => clock,
  };
});

afterEach(() => payRunStore.setState({ run: null }));

const run = () => payRunStore.getState().run;

describe('paying for a plan', () => {
  it('follows the payment through a reorganisation: waiting, confirming, waiting again, credited', async () => {
    answers = [
      subscriptionData(),
      subscriptionData({ payments: [payment({ confirmations: 2 })] }),
      // The block was dropped: the payment is off the record until it is mined again.
      subscriptionData(),
      subscriptionData({ end_flag: 1_900_000_000, payments: [payment({ confirmations: 3, credited: true })] }),
    ];
    await runPayment({ plan: 4, chainId: 31337 }, deps);
    expect(phases).toEqual(['quoting', 'signing', 'waiting', 'confirming', 'waiting', 'confirmed']);
    expect(run()).toMatchObject({ phase: 'confirmed', txHash: TX_HASH, endsAt: 1_900_000_000 });
    expect(deps.credited).toHaveBeenCalledTimes(1);
  });

  it("fails with 'Subscription failed' when the wallet's node says the transaction reverted", async () => {
    deps.receipt.mockResolvedValueOnce(null).mockResolvedValue('reverted');
    await runPayment({ plan: 4, chainId: 31337 }, deps);
    expect(run()).toMatchObject({ phase: 'failed', message: 'Subscription failed', txHash: TX_HASH });
    expect(deps.credited).not.toHaveBeenCalled();
  });

  it("fails with 'Subscription failed' when the wallet cannot send it", async () => {
    deps.send.mockRejectedValue(Object.assign(new Error('insufficient funds'), { code: -32000 }));
    await runPayment({ plan: 4, chainId: 31337 }, deps);
    expect(run()).toMatchObject({ phase: 'failed', message: 'Subscription failed', txHash: null });
  });

  it('asks neither the server nor the wallet while the wallet is on another chain', async () => {
    deps.wallet = () => ({ wallet, account: ME, chainId: 1 });
    await runPayment({ plan: 4, chainId: 31337 }, deps);
    expect(deps.notify).toHaveBeenCalledWith('Switch to chain 31337');
    expect(deps.quote).not.toHaveBeenCalled();
    expect(run()).toBeNull();
  });

  it('shows nothing more when the server refuses the quote (the API client has said why)', async () => {
    deps.quote.mockRejectedValue(new ApiError('status', Status.PromotionEnded, 'This sale has ended.'));
    await runPayment({ plan: 4, promotion: 'spring', chainId: 31337 }, deps);
    expect(deps.quote).toHaveBeenCalledWith({ plan: 4, promotion: 'spring', agree: true });
    expect(deps.send).not.toHaveBeenCalled();
    expect(run()).toBeNull();
  });

  it('does nothing for a visitor but the sign-in prompt', async () => {
    deps.requireLogin = () => false;
    await runPayment({ plan: 4, chainId: 31337 }, deps);
    expect(deps.quote).not.toHaveBeenCalled();
    expect(run()).toBeNull();
  });

  it('leaves a payment never credited to the payment record after a while', async () => {
    await runPayment({ plan: 4, chainId: 31337 }, deps);
    expect(run()?.phase).toBe('unconfirmed');
    expect(clock).toBeGreaterThanOrEqual(PAY_GIVE_UP_MS);
  });
});
