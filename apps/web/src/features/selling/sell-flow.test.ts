import { LOOKSRARE_TRANSFER_MANAGER_ABI } from '@floordesk/contracts/orders';
import {
  type PostListingsRequest,
  SELL_MARKETPLACES,
  type SellMarketplace,
  type SellPrepareData,
  Status,
} from '@floordesk/protocol';
import { decodeFunctionData, erc721Abi } from 'viem';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { shortAddress } from '../../lib/format';
import type { WalletTransaction } from '../../lib/wallet/wallet-actions';
import { devnetConfig } from '../../test/app-config';
import { silentWallet } from '../../test/fake-wallet';
import { type CancelDeps, planCancel, sendCancel } from './cancel-flow';
import { endSellSession, type ListingRequest, planSteps, prepareListing, runListing, type SellDeps } from './sell-flow';
import { type ShownListing, tokenKey, type SellTypedData } from './sell-orders';
import { sellStore } from './sell-store';
import {
  ALICE,
  APES,
  BOB,
  CONDUIT,
  LOOKSRARE,
  milliEth,
  prepared,
  PUNKS,
  SEAPORT,
  sellToken,
  TRANSFER_MANAGER,
} from './testing/fixtures';

const NOW = 1_800_000_000_000;
const END = 1_800_604_800n;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const;
const signature = (n: number) => `0x${n.toString(16).padStart(130, '0')}` as const;

type Deps = SellDeps & {
  prepare: Mock<SellDeps['prepare']>;
  send: Mock<SellDeps['send']>;
  sign: Mock<SellDeps['sign']>;
  post: Mock<SellDeps['post']>;
  receipt: Mock<SellDeps['receipt']>;
  listed: Mock<SellDeps['listed']>;
};

/** The reprice's cancel as cancel-flow runs it, its server answering one transaction and its wallet the test's. */
const cancelDeps: CancelDeps = {
  request: async () => {
    calls.push('cancel-plan');
    return {
      transactions: [
        {
          marketplace: 'opensea',
          from: ALICE,
          to: SEAPORT,
          data: '0xfd9f1e10',
          gas: '90000',
          fee_wei: '1234000000000000',
          method: 'cancel',
          order_hashes: [hash(99)],
        },
      ],
    };
  },
  wallet: () => deps.wallet(),
  appConfig: async () => devnetConfig,
  send: (wallet, account, tx) => deps.send(wallet, account, tx),
  receipt: (wallet, sent) => deps.receipt(wallet, sent),
  reauthorize: () => {},
  listingsChanged: () => {},
  sleep: async () => {},
  now: () => NOW,
};

/** Every call to the wallet and the server, in order, as one list: what happened first is first. */
let calls: string[];
let deps: Deps;

function makeDeps(): Deps {
  let sent = 0;
  let signed = 0;
  let random = 0n;
  return {
    wallet: () => ({ wallet: silentWallet, account: ALICE, chainId: 31337 }),
    // The chain as the flow left it: the dialog's data with every approval it has seen mined.
    prepare: vi.fn<SellDeps['prepare']>(async () => {
      calls.push('prepare');
      const { prepared: state } = sellStore.getState();
      if (state.status !== 'ready') throw new Error('nothing prepared');
      return state.data;
    }),
    planCancel: (body) => planCancel(body, cancelDeps),
    sendCancel: (plan, onProgress) => sendCancel(plan, cancelDeps, onProgress),
    post: vi.fn<SellDeps['post']>(async (body: PostListingsRequest) => {
      calls.push(`post ${body.listings.length}`);
      return {
        listings: body.listings.map((_, index) => ({
          order_hash: hash(index + 1),
          marketplace: 'opensea',
          order_way: 1,
          collection: APES,
          token_id: '1',
          price_wei: '1',
        })),
      };
    }),
    send: vi.fn<SellDeps['send']>(async (_wallet, _account, tx: WalletTransaction) => {
      calls.push(`send ${describeTx(tx)}`);
      return hash(++sent);
    }),
    receipt: vi.fn<SellDeps['receipt']>(async (_wallet, sentHash) => {
      calls.push(`receipt ${Number(sentHash)}`);
      return 'success';
    }),
    sign: vi.fn<SellDeps['sign']>(async (_wallet, _account, payload: SellTypedData) => {
      calls.push(`sign ${payload.domain.name} ${payload.primaryType}`);
      return signature(++signed);
    }),
    wrongNetwork: async () => 'Switch your wallet to the FloorDesk devnet',
    reauthorize: vi.fn<SellDeps['reauthorize']>(),
    listed: vi.fn<SellDeps['listed']>(),
    random: () => ++random,
    sleep: async () => {},
    now: () => NOW,
  };
}

/** A transaction the flow sends, as the test reads it: which call, to whom, for whom. */
function describeTx(tx: WalletTransaction): string {
  if (tx.data === '0xfd9f1e10') return `cancel to ${tx.to} gas ${tx.gas}`;
  try {
    const call = decodeFunctionData({ abi: erc721Abi, data: tx.data as `0x${string}` });
    return `${call.functionName}(${call.args?.join(',').toLowerCase()}) on ${tx.to}`;
  } catch {
    const call = decodeFunctionData({ abi: LOOKSRARE_TRANSFER_MANAGER_ABI, data: tx.data as `0x${string}` });
    return `${call.functionName}(${call.args?.join(',').toLowerCase()}) on ${tx.to}`;
  }
}

function listings(
  tokens: ReturnType<typeof sellToken>[],
  marketplaces: readonly SellMarketplace[] = SELL_MARKETPLACES,
) {
  return marketplaces.flatMap((marketplace) =>
    tokens.map((token): ShownListing => ({
      token,
      marketplace,
      priceWei: BigInt(token.floor_wei!) + 1n,
      endTime: END,
    })),
  );
}

function request(
  tokens: ReturnType<typeof sellToken>[],
  values: Partial<ListingRequest> & { marketplaces?: readonly SellMarketplace[] } = {},
): ListingRequest {
  const data = values.data ?? prepared(tokens);
  sellStore.setState({ prepared: { status: 'ready', data } });
  return { data, listings: listings(tokens, values.marketplaces), cancel: values.cancel ?? null };
}

const run = () => sellStore.getState().run;

beforeEach(() => {
  calls = [];
  deps = makeDeps();
  endSellSession();
});

describe('listing', () => {
  it('approves what is missing, waiting for each receipt, then signs once per marketplace and posts once', async () => {
    const tokens = [
      sellToken(1, { approved: { opensea: false, looks: false } }),
      sellToken(2, { approved: { opensea: false, looks: false } }),
      sellToken(3, { collection: PUNKS, approved: { opensea: true, looks: false } }),
    ];
    const data = prepared(tokens, {
      wallets: [{ wallet: ALICE, seaport_counter: '0', looksrare_ask_nonce: '3', looksrare_granted: false }],
    });
    await runListing(request(tokens, { data }), deps);
    expect(calls).toEqual([
      `send setApprovalForAll(${CONDUIT},true) on ${APES}`,
      'receipt 1',
      `send setApprovalForAll(${TRANSFER_MANAGER},true) on ${APES}`,
      'receipt 2',
      `send setApprovalForAll(${TRANSFER_MANAGER},true) on ${PUNKS}`,
      'receipt 3',
      `send grantApprovals(${LOOKSRARE}) on ${TRANSFER_MANAGER}`,
      'receipt 4',
      'prepare',
      'sign Seaport BulkOrder',
      'sign LooksRareProtocol BatchOrder',
      'post 6',
    ]);
    expect(deps.listed).toHaveBeenCalledOnce();
    const [body] = deps.post.mock.calls[0]!;
    expect(body.listings.map((listing) => [listing.protocol, listing.parameters])).toEqual([
      ...[1, 2, 3].map(() => ['seaport', expect.objectContaining({ offerer: ALICE, endTime: String(END) })]),
      ...[1, 2, 3].map((id) => ['looksrare-v2', expect.objectContaining({ itemIds: [String(id)], signer: ALICE })]),
    ]);
    // The listings start a minute back, so that a node a little behind reads them as live.
    expect(body.listings[0]!.parameters).toMatchObject({ startTime: String(NOW / 1000 - 60) });
  });

  it('waits for a transaction until it is mined', async () => {
    let polls = 0;
    deps.receipt.mockImplementation(async () => (++polls < 3 ? null : 'success'));
    const sleep = vi.fn<SellDeps['sleep']>(async () => {});
    await runListing(
      request([sellToken(1, { approved: { opensea: false, looks: true } })], { marketplaces: ['opensea'] }),
      {
        ...deps,
        sleep,
      },
    );
    expect(polls).toBe(3);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(deps.post).toHaveBeenCalledOnce();
  });

  it('signs one token with the plain order of each marketplace, not a bulk tree', async () => {
    await runListing(request([sellToken(1)]), deps);
    expect(calls).toEqual(['prepare', 'sign Seaport OrderComponents', 'sign LooksRareProtocol Maker', 'post 2']);
  });

  it('posts nothing when the wallet rejects an approval, and says so with the dialog still open', async () => {
    deps.send.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }));
    await runListing(request([sellToken(1, { approved: { opensea: false, looks: true } })]), deps);
    expect(deps.sign).not.toHaveBeenCalled();
    expect(deps.post).not.toHaveBeenCalled();
    expect(deps.listed).not.toHaveBeenCalled();
    expect(run()).toMatchObject({
      status: 'failed',
      message: 'You rejected the transaction in your wallet. Nothing was listed.',
    });
  });

  it('posts nothing when the wallet rejects the second signature', async () => {
    deps.sign.mockResolvedValueOnce(signature(1));
    deps.sign.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }));
    await runListing(request([sellToken(1), sellToken(2)]), deps);
    expect(deps.sign).toHaveBeenCalledTimes(2);
    expect(deps.post).not.toHaveBeenCalled();
    expect(run()).toMatchObject({
      status: 'failed',
      message: 'You rejected the signature in your wallet. Nothing was listed.',
    });
  });

  it('does not approve again on a retry after an approval was mined', async () => {
    const token = sellToken(1, { approved: { opensea: false, looks: true } });
    deps.sign.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }));
    await runListing(request([token], { marketplaces: ['opensea'] }), deps);
    const { prepared: after } = sellStore.getState();
    expect(after.status === 'ready' && after.data.tokens[0]!.approved.opensea).toBe(true);

    calls = [];
    const data = after.status === 'ready' ? after.data : prepared([]);
    await runListing({ data, listings: listings(data.tokens, ['opensea']), cancel: null }, deps);
    expect(calls).toEqual(['prepare', 'sign Seaport OrderComponents', 'post 1']);
  });

  it('signs nothing for a token sold while the dialog was open, and names it', async () => {
    const message = 'This NFT is no longer in your wallets: it was sold or moved. Nothing was listed.';
    deps.prepare.mockRejectedValueOnce(
      new ApiError('status', Status.SellTokenNotOwn, message, [{ path: 'tokens.1', message }]),
    );
    const tokens = [sellToken(1), sellToken(2)];
    await runListing(request(tokens), deps);
    expect(deps.sign).not.toHaveBeenCalled();
    expect(deps.post).not.toHaveBeenCalled();
    expect(run()).toMatchObject({
      status: 'failed',
      message,
      refused: { token: tokenKey(tokens[1]!), marketplace: 'opensea', message },
    });
  });

  it('signs nothing when an approval was revoked while the dialog was open, and plans it again for a retry', async () => {
    const token = sellToken(1);
    deps.prepare.mockImplementationOnce(async () =>
      prepared([{ ...token, approved: { opensea: true, looks: false } }]),
    );
    await runListing(request([token]), deps);
    expect(deps.sign).not.toHaveBeenCalled();
    expect(deps.post).not.toHaveBeenCalled();
    expect(run()).toMatchObject({
      status: 'failed',
      message:
        'An approval for LooksRare was revoked while the dialog was open. Nothing was signed: list again to approve it.',
    });
    const { prepared: after } = sellStore.getState();
    expect(after.status === 'ready' && after.data.tokens[0]!.approved.looks).toBe(false);
  });

  it('signs with the nonces the chain holds when it signs, not those of when the dialog opened', async () => {
    const token = sellToken(1);
    const opened = prepared([token]);
    deps.prepare.mockImplementationOnce(async () => ({
      ...opened,
      wallets: opened.wallets.map((wallet) => ({ ...wallet, seaport_counter: '7', looksrare_ask_nonce: '9' })),
    }));
    await runListing(request([token], { data: opened }), deps);
    const [body] = deps.post.mock.calls[0]!;
    expect(body.listings.map((listing) => listing.parameters)).toEqual([
      expect.objectContaining({ counter: '7' }),
      expect.objectContaining({ globalNonce: '9' }),
    ]);
  });

  it('names the token and marketplace of a refused listing, and lists nothing', async () => {
    const refusal = new ApiError('status', Status.ListingBadSignature, 'The signature does not match.', [
      { path: 'listings.3', message: 'The signature does not match.' },
    ]);
    deps.post.mockRejectedValueOnce(refusal);
    const tokens = [sellToken(1), sellToken(2)];
    await runListing(request(tokens), deps);
    expect(deps.listed).not.toHaveBeenCalled();
    // Posted in order: OpenSea #1, #2, then LooksRare #1, #2.
    expect(run()).toMatchObject({
      status: 'failed',
      message: 'The signature does not match.',
      refused: { token: tokenKey(tokens[1]!), marketplace: 'looks', message: 'The signature does not match.' },
    });
  });

  it('says which wallet to switch to when another holds the token, and signs nothing', async () => {
    await runListing(request([sellToken(1, { wallet: BOB })]), deps);
    expect(calls).toEqual([]);
    expect(run()?.message).toBe(
      `#1 is in ${shortAddress(BOB)}: switch your wallet to that account, then list again. Nothing was signed.`,
    );
  });

  it('signs nothing on another chain', async () => {
    await runListing(request([sellToken(1)]), { ...deps, wallet: () => ({ ...deps.wallet(), chainId: 1 }) });
    expect(calls).toEqual([]);
    expect(run()?.message).toBe('Switch your wallet to the FloorDesk devnet');
  });

  it('stops at an approval that reverted', async () => {
    deps.receipt.mockResolvedValueOnce('reverted');
    await runListing(request([sellToken(1, { approved: { opensea: false, looks: true } })]), deps);
    expect(deps.sign).not.toHaveBeenCalled();
    expect(run()?.message).toBe('The transaction failed on chain. Nothing was listed.');
  });

  it('posts nothing once the dialog is closed while the wallet is asked', async () => {
    deps.sign.mockImplementationOnce(async () => {
      endSellSession();
      return signature(1);
    });
    await runListing(request([sellToken(1)], { marketplaces: ['opensea'] }), deps);
    expect(deps.post).not.toHaveBeenCalled();
  });
});

describe('repricing above the old price', () => {
  const old = { order_hash: hash(99), marketplace: 'opensea', price_wei: milliEth(900) };

  it('cancels the old listing first, shows its gas, waits for the receipt, then signs the new one', async () => {
    let feeWhileSending: string | null | undefined;
    deps.send.mockImplementationOnce(async (_wallet, _account, tx) => {
      feeWhileSending = run()?.cancelFeeWei;
      calls.push(`send ${describeTx(tx)}`);
      return hash(7);
    });
    await runListing(request([sellToken(1)], { marketplaces: ['opensea'], cancel: old }), deps);
    expect(feeWhileSending).toBe('1234000000000000');
    expect(calls).toEqual([
      'cancel-plan',
      `send cancel to ${SEAPORT} gas 90000`,
      'receipt 7',
      'prepare',
      'sign Seaport OrderComponents',
      'post 1',
    ]);
    expect(sellStore.getState().replacedCancelled).toBe(true);
  });

  it('lists nothing when the cancel is rejected', async () => {
    deps.send.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }));
    await runListing(request([sellToken(1)], { marketplaces: ['opensea'], cancel: old }), deps);
    expect(deps.sign).not.toHaveBeenCalled();
    expect(deps.post).not.toHaveBeenCalled();
    expect(run()?.message).toBe('You rejected the transaction in your wallet: nothing more was sent.');
    expect(sellStore.getState().replacedCancelled).toBe(false);
  });

  it('plans the cancel before everything else', () => {
    const data = prepared([sellToken(1, { approved: { opensea: false, looks: true } })]);
    expect(planSteps(data, listings(data.tokens, ['opensea']), old).map((step) => step.kind)).toEqual([
      'cancel',
      'approve',
      'sign',
    ]);
  });
});

describe('preparing', () => {
  const refs = [
    { collection: APES, token_id: '1' },
    { collection: APES, token_id: '2' },
  ];

  it('keeps the answer for the tokens asked', async () => {
    const data = prepared([sellToken(1), sellToken(2)]);
    await prepareListing(refs, { prepare: async () => data });
    expect(sellStore.getState().prepared).toEqual({ status: 'ready', data });
  });

  it('names the token a refusal names', async () => {
    const refusal = new ApiError('status', Status.SellTokenNotOwn, 'This NFT is no longer in your wallets.', [
      { path: 'tokens.1', message: 'This NFT is no longer in your wallets.' },
    ]);
    await prepareListing(refs, {
      prepare: async () => {
        throw refusal;
      },
    });
    expect(sellStore.getState().prepared).toEqual({
      status: 'refused',
      message: 'This NFT is no longer in your wallets.',
      token: 1,
      premium: false,
    });
  });

  it('tells a refusal for want of premium from the others', async () => {
    await prepareListing(refs, {
      prepare: async () => {
        throw new ApiError('status', Status.SellPremiumRequired, 'Premium only');
      },
    });
    expect(sellStore.getState().prepared).toMatchObject({ status: 'refused', premium: true, token: null });
  });

  it('drops an answer that comes after the dialog closed', async () => {
    const answer: { resolve?: (data: SellPrepareData) => void } = {};
    const pending = prepareListing(refs, {
      prepare: () =>
        new Promise((resolve) => {
          answer.resolve = resolve;
        }),
    });
    endSellSession();
    answer.resolve?.(prepared([sellToken(1)]));
    await pending;
    expect(sellStore.getState().prepared).toEqual({ status: 'loading' });
  });
});

describe('a token held elsewhere', () => {
  it('is named with its wallet', async () => {
    await runListing(request([sellToken(1), sellToken(2, { wallet: BOB })], { marketplaces: ['opensea'] }), deps);
    expect(run()?.message).toContain(`#2 is in ${shortAddress(BOB)}`);
    expect(deps.sign).not.toHaveBeenCalled();
  });
});
