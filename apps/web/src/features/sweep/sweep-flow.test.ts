import {
  DEFAULT_GAS_ENTRIES,
  MARKETPLACES,
  planItemOf,
  Status,
  type SweepOrderData,
  type SweepPlanItem,
  type SweepQuoteData,
  type SweepQuotePart,
} from '@floordesk/protocol';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { closePanels, panelsStore } from '../../stores/panels-store';
import { walletStore } from '../../lib/wallet/wallet-store';
import { sessionStore } from '../../stores/session-store';
import { bodiesSentTo, ok, stubApi } from '../../test/render-in-app';
import { closeLoginPrompt, loginPromptStore } from '../../stores/login-prompt-store';
import { APES, listing, milliEth } from '../../test/collection-fixtures';
import { runSweep, SETTLE_POLL_MS, type SweepDeps, type SweepRequest } from './sweep-flow';
import { previewSweep } from './sweep-preview';
import type { SweepRow } from './api/sweep-order';
import { sweepRunStore } from './sweep-run-store';
import { liveSweepDeps } from './use-start-sweep';
import { devnetConfig } from '../../test/app-config';
import { silentWallet } from '../../test/fake-wallet';

const alice = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const hash: `0x${string}` = `0x${'12'.repeat(32)}`;
const looksHash: `0x${string}` = `0x${'34'.repeat(32)}`;
const sweepId = '5f0c4a52-8a3e-4c54-9a0e-1f3f2a7c9d10';
const looksId = '9b1e0c7a-3f2d-4e8b-8c6a-2d4f6a8b0c1e';
const wallet = silentWallet;

const listings = [
  listing(1, { price: milliEth(1000) }),
  listing(2, { price: milliEth(1100), flagged: true }),
  listing(3, { price: milliEth(1200) }),
  listing(4, { price: milliEth(1300) }),
];

function request(count = 2): SweepRequest {
  const preview = previewSweep(listings, {
    count,
    marketplaces: new Set(MARKETPLACES),
    skipPendingFlagged: true,
    buyer: alice,
  });
  return { collection: APES, preview, marketplaces: MARKETPLACES, skipPendingFlagged: true };
}

function planItem(tokenId: number, role: SweepPlanItem['role'], reason: SweepPlanItem['reason'] = null): SweepPlanItem {
  return planItemOf(listing(tokenId), role, reason);
}

const quote: SweepQuoteData = {
  id: sweepId,
  items: [planItem(1, 'buy'), planItem(3, 'buy'), planItem(4, 'spare'), planItem(2, 'skip', 'flagged')],
  total: milliEth(2200),
  tx: {
    chain_id: 31337,
    from: alice,
    to: '0x0000000000000068f116a894984e2db1123eb395',
    data: '0xe7acab24',
    value: milliEth(2500),
    gas: '400000',
    max_fee_per_gas: null,
    max_priority_fee_per_gas: null,
  },
  gas_estimate: null,
  next: null,
};

/** The LooksRare part of a sweep whose cheapest listings span Seaport and LooksRare: a transaction of its own. */
const looksPart: SweepQuotePart = {
  id: looksId,
  items: [5, 6].map((tokenId) => planItemOf(listing(tokenId, { marketplace: 'looks' }), 'buy')),
  total: milliEth(2011),
  tx: {
    ...quote.tx,
    to: '0x0000000000e655fae4d56241588680f86e3b2377',
    data: '0x49b3e6a5',
    value: milliEth(2011),
  },
  gas_estimate: null,
};
const acrossQuote: SweepQuoteData = { ...quote, next: looksPart };

/** The server's answer about a part of the sweep (the first unless named), in the API's codes. */
function order(flag: number, statuses: (number | null)[], part: SweepQuotePart = quote): SweepOrderData {
  return {
    id: part.id,
    tx_hash: part === looksPart ? looksHash : hash,
    flag: flag as SweepOrderData['flag'],
    items: part.items.map((item, index) => ({ ...item, is_buy: statuses[index] ?? null })),
    spent: flag === 0 ? null : milliEth(1000),
  };
}

let answers: Record<string, unknown[]>;
let api: ReturnType<typeof stubApi>;
let deps: SweepDeps & { send: Mock<SweepDeps['send']>; notify: Mock<SweepDeps['notify']> };

/** What the server answers next at `path` (the last answer repeats). */
function serve(path: string, ...replies: unknown[]) {
  answers[path] = replies;
}

/** What the server answers next at `path` about the sweep order `id`, whatever it answers about others. */
function serveOrder(path: string, id: string, ...replies: unknown[]) {
  answers[`${path} ${id}`] = replies;
}

const run = () => sweepRunStore.getState().run;
const statuses = () => run()?.rows.map((row: SweepRow) => [row.token_id, row.status]);

describe('the sweep flow: plan, send, record, settle', () => {
  beforeEach(() => {
    answers = {};
    api = stubApi((url, init) => {
      const { id } = JSON.parse(String(init?.body ?? '{}')) as { id?: string };
      const queue = answers[`${url.pathname} ${id}`] ?? answers[url.pathname] ?? [];
      return queue.length > 1 ? queue.shift() : queue[0];
    });
    sessionStore.getState().signIn({ token: alice, sign_num: 'secret' });
    walletStore.setState({ status: 'connected', wallet, account: alice, chainId: 31337 });
    deps = {
      ...liveSweepDeps,
      appConfig: async () => devnetConfig,
      send: vi.fn<SweepDeps['send']>(async () => hash),
      notify: vi.fn<SweepDeps['notify']>(),
      mobile: () => false,
      sleep: async () => {},
    };
    serve('/api/sweep/quote', ok(quote));
    serve('/api/sweep/orders', ok(order(0, [1, 1, null, 5000])));
    serve('/api/sweep/orders/settle', ok(order(1, [3, 4, 3, 5000])));
  });

  afterEach(() => {
    closePanels();
    closeLoginPrompt();
    sweepRunStore.setState({ run: null });
    sessionStore.getState().clear();
    walletStore.setState({ status: 'disconnected', wallet: null, account: undefined, chainId: undefined });
  });

  it('asks the server for the sweep the user was shown, at most at the price shown, with their gas preset', async () => {
    await runSweep(request(), deps);
    expect(bodiesSentTo(api, '/api/sweep/quote')).toEqual([
      {
        chain_id: 31337,
        collection: APES,
        count: 2,
        max_total: milliEth(2200),
        marketplaces: [...MARKETPLACES],
        skip_pending_flagged: true,
        gas: DEFAULT_GAS_ENTRIES[0],
      },
    ]);
    expect(deps.send).toHaveBeenCalledExactlyOnceWith(wallet, alice, quote.tx);
  });

  it('opens the modal with the items in progress and the skipped ones as order errors with their reason', async () => {
    serve('/api/sweep/quote', new Promise(() => {}));
    void runSweep(request(), deps);
    await vi.waitFor(() => expect(run()?.phase).toBe('quoting'));
    expect(panelsStore.getState().open).toBe('sweep');
    expect(run()?.rows.map((row) => [row.token_id, row.role, row.status, row.reason])).toEqual([
      ['1', 'buy', 'in_progress', null],
      ['3', 'buy', 'in_progress', null],
      ['2', 'skip', 'skipped', 'flagged'],
    ]);
  });

  it("records the transaction, polls the settlement and shows each item's status from the receipt", async () => {
    const sleep = vi.fn<SweepDeps['sleep']>(async () => {});
    serve('/api/sweep/orders/settle', ok(order(0, [1, 1, null, 5000])), ok(order(1, [3, 4, 3, 5000])));
    await runSweep(request(), { ...deps, sleep });

    expect(bodiesSentTo(api, '/api/sweep/orders')).toEqual([{ id: sweepId, tx_hash: hash }]);
    expect(bodiesSentTo(api, '/api/sweep/orders/settle')).toEqual([{ id: sweepId }, { id: sweepId }]);
    expect(sleep).toHaveBeenCalledWith(SETTLE_POLL_MS);
    expect(run()).toMatchObject({
      phase: 'done',
      txHashes: [hash],
      transactions: 1,
      message: null,
      total: milliEth(2200),
    });
    expect(statuses()).toEqual([
      ['1', 'bought'],
      ['3', 'failed'],
      ['4', 'bought'],
      ['2', 'skipped'],
    ]);
  });

  it('records again while the server has not seen the transaction yet (its wallet sent it through another node)', async () => {
    const unseen = { status: Status.SweepTxNotSeen, msg: 'not seen yet', data: null };
    serve('/api/sweep/orders', unseen, unseen, ok(order(0, [1, 1, null, 5000])));
    await runSweep(request(), deps);
    expect(bodiesSentTo(api, '/api/sweep/orders')).toHaveLength(3);
    expect(run()).toMatchObject({ phase: 'done', message: null });
  });

  it("shows the server's refusal of the record at once when it is not about propagation", async () => {
    const mismatch = { status: Status.SweepTxMismatch, msg: 'not the prepared transaction', data: null };
    serve('/api/sweep/orders', mismatch);
    await runSweep(request(), deps);
    expect(bodiesSentTo(api, '/api/sweep/orders')).toHaveLength(1);
    expect(run()).toMatchObject({ phase: 'failed', message: 'not the prepared transaction' });
  });

  it('says the transaction failed when the receipt shows nothing bought', async () => {
    serve('/api/sweep/orders/settle', ok(order(2, [4, 4, null, 5000])));
    await runSweep(request(), deps);
    expect(run()).toMatchObject({ phase: 'failed', message: 'Transaction failed' });
    expect(statuses()).toEqual([
      ['1', 'failed'],
      ['3', 'failed'],
      ['4', 'standby'],
      ['2', 'skipped'],
    ]);
  });

  it('ends on codes this version does not know as a failed sweep with unknown statuses, instead of waiting or crashing', async () => {
    serve('/api/sweep/orders/settle', ok(order(7, [77, 3, null, 5000])));
    await runSweep(request(), deps);
    expect(run()).toMatchObject({ phase: 'failed', message: 'Transaction failed' });
    expect(statuses()).toEqual([
      ['1', 'unknown'],
      ['3', 'bought'],
      ['4', 'standby'],
      ['2', 'skipped'],
    ]);
  });

  it('marks every item being bought as rejected (4001) when the user rejects it in the wallet', async () => {
    deps.send.mockRejectedValue(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    await runSweep(request(), deps);
    expect(run()).toMatchObject({ phase: 'failed', message: 'User rejected' });
    expect(statuses()).toEqual([
      ['1', 'rejected'],
      ['3', 'rejected'],
      ['4', 'rejected'],
      ['2', 'skipped'],
    ]);
    expect(bodiesSentTo(api, '/api/sweep/orders')).toEqual([]);
  });

  it("marks the items order errors (5000) and shows the wallet's message on any other wallet failure", async () => {
    deps.send.mockRejectedValue(
      Object.assign(new Error('insufficient funds for gas * price + value'), { code: -32000 }),
    );
    await runSweep(request(), deps);
    expect(run()).toMatchObject({ phase: 'failed', message: 'insufficient funds for gas * price + value' });
    expect(statuses()).toEqual([
      ['1', 'skipped'],
      ['3', 'skipped'],
      ['4', 'skipped'],
      ['2', 'skipped'],
    ]);
  });

  it('marks every item higher than expected (1515) when the plan costs more than the user was shown', async () => {
    serve('/api/sweep/quote', { status: Status.HigherThanExpected, msg: 'Higher than expected', data: null });
    await runSweep(request(), deps);
    expect(run()).toMatchObject({ phase: 'failed', message: 'Higher than expected' });
    expect(statuses()).toEqual([
      ['1', 'higher_than_expected'],
      ['3', 'higher_than_expected'],
      ['2', 'skipped'],
    ]);
    expect(deps.send).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in the modal, and on phones as a toast too", async () => {
    const premium = 'Purchase functionality is only available to premium users';
    serve('/api/sweep/quote', { status: Status.PremiumRequired, msg: premium, data: null });
    await runSweep(request(), { ...deps, mobile: () => true });
    expect(run()).toMatchObject({ phase: 'failed', message: premium });
    expect(deps.notify).toHaveBeenCalledExactlyOnceWith(premium);
    expect(deps.send).not.toHaveBeenCalled();
  });

  it('marks a refusal for want of premium (1401, or a trial ended) so the modal can point to the plans', async () => {
    serve('/api/sweep/quote', { status: Status.TrialEnded, msg: 'Your trial has ended', data: null });
    await runSweep(request(), deps);
    expect(run()).toMatchObject({ phase: 'failed', needsPremium: true });

    serve('/api/sweep/quote', { status: Status.HigherThanExpected, msg: 'Higher than expected', data: null });
    await runSweep(request(), deps);
    expect(run()).toMatchObject({ phase: 'failed', needsPremium: false });
  });

  it('says err.no_order without asking the server when nothing can be bought', async () => {
    await runSweep(
      {
        ...request(),
        preview: previewSweep([], { count: 2, marketplaces: new Set(), skipPendingFlagged: true, buyer: alice }),
      },
      deps,
    );
    expect(run()).toMatchObject({ phase: 'failed', message: 'No matching orders.', rows: [] });
    expect(bodiesSentTo(api, '/api/sweep/quote')).toEqual([]);
  });

  it('refuses on the wrong chain with the network message, without opening the wallet or asking the server', async () => {
    walletStore.setState({ chainId: 1 });
    await runSweep(request(), deps);
    expect(deps.notify).toHaveBeenCalledExactlyOnceWith('To use BUY functionality, switch to FloorDesk devnet');
    expect(deps.send).not.toHaveBeenCalled();
    expect(api).not.toHaveBeenCalled();
    expect(run()).toBeNull();
    expect(panelsStore.getState().open).toBeNull();
  });

  it('refuses the same way when no wallet is connected', async () => {
    walletStore.setState({ status: 'disconnected', wallet: null, account: undefined, chainId: undefined });
    await runSweep(request(), deps);
    expect(deps.notify).toHaveBeenCalledOnce();
    expect(api).not.toHaveBeenCalled();
  });

  it('asks a visitor to sign in first', async () => {
    sessionStore.getState().clear();
    await runSweep(request(), deps);
    expect(loginPromptStore.getState().open).toBe(true);
    expect(api).not.toHaveBeenCalled();
    expect(run()).toBeNull();
  });

  describe('across Seaport and LooksRare, whose exchanges fill only their own orders', () => {
    beforeEach(() => {
      serve('/api/sweep/quote', ok(acrossQuote));
      serveOrder('/api/sweep/orders', looksId, ok(order(0, [1, 1], looksPart)));
      serveOrder('/api/sweep/orders/settle', looksId, ok(order(1, [3, 3], looksPart)));
      deps.send.mockImplementation(async (_wallet, _account, tx) => (tx.to === looksPart.tx.to ? looksHash : hash));
    });

    it('says before the wallet opens that it takes two transactions, and shows both parts’ items', async () => {
      let shownAtFirstSend: unknown;
      deps.send.mockImplementationOnce(async () => {
        shownAtFirstSend = [run()?.transactions, statuses()];
        return hash;
      });
      await runSweep(request(), deps);
      expect(shownAtFirstSend).toEqual([
        2,
        [
          ['1', 'in_progress'],
          ['3', 'in_progress'],
          ['5', 'in_progress'],
          ['6', 'in_progress'],
          ['4', 'standby'],
          ['2', 'skipped'],
        ],
      ]);
    });

    it('sends and records the Seaport part before the wallet is asked for the LooksRare part', async () => {
      let recordedAtSecondSend: unknown;
      deps.send.mockResolvedValueOnce(hash).mockImplementationOnce(async () => {
        recordedAtSecondSend = bodiesSentTo(api, '/api/sweep/orders');
        return looksHash;
      });
      await runSweep(request(), deps);
      expect(deps.send.mock.calls).toEqual([
        [wallet, alice, quote.tx],
        [wallet, alice, looksPart.tx],
      ]);
      expect(recordedAtSecondSend).toEqual([{ id: sweepId, tx_hash: hash }]);
      expect(bodiesSentTo(api, '/api/sweep/orders')).toEqual([
        { id: sweepId, tx_hash: hash },
        { id: looksId, tx_hash: looksHash },
      ]);
    });

    it('settles both parts and shows them as one sweep, done', async () => {
      await runSweep(request(), deps);
      expect(bodiesSentTo(api, '/api/sweep/orders/settle')).toEqual([{ id: sweepId }, { id: looksId }]);
      expect(run()).toMatchObject({
        phase: 'done',
        txHashes: [hash, looksHash],
        message: null,
        total: milliEth(2200 + 2011),
      });
      expect(statuses()).toEqual([
        ['1', 'bought'],
        ['3', 'failed'],
        ['5', 'bought'],
        ['6', 'bought'],
        ['4', 'bought'],
        ['2', 'skipped'],
      ]);
    });

    it('is done when only the second transaction bought something', async () => {
      serve('/api/sweep/orders/settle', ok(order(2, [4, 4, null, 5000])));
      await runSweep(request(), deps);
      expect(run()).toMatchObject({ phase: 'done', message: null });
      expect(statuses()).toEqual([
        ['1', 'failed'],
        ['3', 'failed'],
        ['5', 'bought'],
        ['6', 'bought'],
        ['4', 'standby'],
        ['2', 'skipped'],
      ]);
    });

    it('still settles the first transaction when the user rejects the second, whose items show rejected', async () => {
      deps.send.mockResolvedValueOnce(hash).mockRejectedValueOnce(Object.assign(new Error('rejected'), { code: 4001 }));
      await runSweep(request(), deps);
      expect(bodiesSentTo(api, '/api/sweep/orders')).toEqual([{ id: sweepId, tx_hash: hash }]);
      expect(bodiesSentTo(api, '/api/sweep/orders/settle')).toEqual([{ id: sweepId }]);
      expect(run()).toMatchObject({ phase: 'done', txHashes: [hash], message: 'User rejected' });
      expect(statuses()).toEqual([
        ['1', 'bought'],
        ['3', 'failed'],
        ['5', 'rejected'],
        ['6', 'rejected'],
        ['4', 'bought'],
        ['2', 'skipped'],
      ]);
    });

    it('sends nothing when the user rejects the first transaction', async () => {
      deps.send.mockRejectedValueOnce(Object.assign(new Error('rejected'), { code: 4001 }));
      await runSweep(request(), deps);
      expect(deps.send).toHaveBeenCalledOnce();
      expect(bodiesSentTo(api, '/api/sweep/orders')).toEqual([]);
      expect(bodiesSentTo(api, '/api/sweep/orders/settle')).toEqual([]);
      expect(run()).toMatchObject({ phase: 'failed', txHashes: [], message: 'User rejected' });
      expect(statuses()).toEqual([
        ['1', 'rejected'],
        ['3', 'rejected'],
        ['5', 'rejected'],
        ['6', 'rejected'],
        ['4', 'rejected'],
        ['2', 'skipped'],
      ]);
    });
  });

  it('sends a single buy as a sweep of one, naming its listing', async () => {
    const single = previewSweep([listing(3)], {
      count: 1,
      marketplaces: new Set(MARKETPLACES),
      skipPendingFlagged: true,
      buyer: alice,
    });
    await runSweep({ ...request(), preview: single, orderId: 'order-3' }, deps);
    expect(bodiesSentTo(api, '/api/sweep/quote')[0]).toMatchObject({
      count: 1,
      order_id: 'order-3',
      max_total: listing(3).price,
    });
  });
});
