import { receiptOf, signQuote, SUBSCRIPTIONS_ABI, type SubscriptionQuote } from '@floordesk/contracts';
import { ACCOUNT_PLAN, devnetAccount, rpc } from '@floordesk/devnet';
import { PLAN, PLAN_TERMS, type QuoteData, SECONDS_PER_DAY, Status, SUBSCRIBE_ABI } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import {
  type Account,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  toHex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DecodedLogs, noDecodedLogs } from '../../chain/decode';
import { storeBlocks } from '../../chain/store';
import { withDevnetSubscriptions } from '../../devnet';
import { buildServer } from '../../http/server';
import { useTestDatabase } from '../../testing/database';
import { indexerOptions, indexToHead, useTestDevnet } from '../../testing/devnet';
import { testConfig } from '../../testing/server';
import { alice, bob, sessionHeaders, signIn } from '../../testing/wallets';
import { sweepQuoteRequest } from '../../testing/market';
import { CHAIN_CONSUMERS } from '../../chain-consumers';

const database = useTestDatabase();
const devnet = useTestDevnet();
const CONFIRMATIONS = 2;
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildServer({
    config: withDevnetSubscriptions(
      testConfig({
        authRateLimit: 10_000,
        subscriptions: { contract: undefined, quoteSignerKey: undefined, confirmations: CONFIRMATIONS },
      }),
    ),
    db: database().db,
    chain: devnet().chain,
  });
});
afterAll(() => app.close());

/** The devnet's quote signer, whose key the server signs with. */
const quoteSigner = () => devnetAccount(ACCOUNT_PLAN.quoteSigner);

const index = () => indexToHead(indexerOptions(database(), devnet().chain));

type Person = { account: Account; headers: Record<string, string> };

/** A fresh person with ETH to pay with, signed in. */
async function person(): Promise<Person> {
  const account = privateKeyToAccount(generatePrivateKey());
  await rpc(devnet().rpcUrl, 'anvil_setBalance', [account.address, toHex(10n ** 19n)]);
  return { account, headers: sessionHeaders(await signIn(app, account)) };
}

async function api<T>(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) {
  const response = await app.inject({ method, url, headers, payload });
  expect(response.statusCode).toBe(200);
  return response.json() as { status: number; msg: string; data: T };
}

async function quoteFor(who: Person, plan: number = PLAN.halfYear): Promise<QuoteData> {
  const answer = await api<QuoteData>('POST', '/api/subscription/quote', who.headers, { plan, agree: true });
  expect(answer.status).toBe(Status.Ok);
  return answer.data;
}

function wallet(account: Account) {
  return createWalletClient({ account, chain: foundry, transport: http(devnet().rpcUrl) });
}

const contractQuote = (quote: QuoteData['quote']): SubscriptionQuote => ({
  payer: quote.payer as Address,
  plan: quote.plan,
  price: BigInt(quote.price),
  expiry: BigInt(quote.expiry),
  quoteId: quote.quote_id as Hex,
});

/** Pays the quote from `from` with `value` wei, as the web app's wallet would; answers the receipt's status. */
async function pay(from: Account, { quote, signature, contract }: QuoteData, value = BigInt(quote.price)) {
  const hash = await wallet(from).sendTransaction({
    to: contract as Address,
    value,
    // A fixed gas limit: the wallet would refuse to send what reverts; here the chain must see it and refuse.
    gas: 200_000n,
    data: encodeFunctionData({
      abi: SUBSCRIBE_ABI,
      functionName: 'subscribe',
      args: [contractQuote(quote), signature as Hex],
    }),
  });
  return (await receiptOf(devnet().chain.client, hash)).status;
}

/** Why the contract would refuse the payment: its custom error's name. */
async function refusal(from: Account, { quote, signature, contract }: QuoteData, value = BigInt(quote.price)) {
  try {
    await devnet().chain.client.simulateContract({
      account: from,
      address: contract as Address,
      abi: SUBSCRIPTIONS_ABI,
      functionName: 'subscribe',
      args: [contractQuote(quote), signature as Hex],
      value,
    });
  } catch (error) {
    const reverted = error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName;
    throw error;
  }
  return undefined;
}

const subscription = (who: Person) =>
  api<{
    end_flag: number;
    payments: Array<{ tx_hash: string; credited: boolean; confirmations: number; block_time: number }>;
  }>('GET', '/api/subscription', who.headers);

const endFlag = async (who: Person) =>
  (await api<{ end_flag: number }>('GET', '/api/user/check', who.headers)).data.end_flag;

describe('subscriptions paid through the contract', () => {
  it("credits the devnet's own payment: account 0 paid for a year when the devnet was deployed", async () => {
    await index();
    // alice and bob are anvil's accounts 0 and 1.
    const zero: Person = { account: alice, headers: sessionHeaders(await signIn(app, alice)) };
    const { data } = await subscription(zero);
    expect(data.payments).toHaveLength(1);
    expect(data.payments[0]?.tx_hash).toBe(devnet().manifest.subscriptions.devnetPayment.toLowerCase());
    expect(data.end_flag).toBe((data.payments[0]?.block_time ?? 0) + PLAN_TERMS[PLAN.year].days * SECONDS_PER_DAY);
    expect(await endFlag({ account: bob, headers: sessionHeaders(await signIn(app, bob)) })).toBe(0);
  });

  it('credits a payment after its confirmations, from its block time, and lets the payer sweep', async () => {
    const payer = await person();
    expect(await endFlag(payer)).toBe(0);
    expect(
      (await api('POST', '/api/sweep/quote', payer.headers, sweepQuoteRequest(`0x${'9'.repeat(40)}`))).status,
    ).toBe(Status.PremiumRequired);
    expect(await pay(payer.account, await quoteFor(payer))).toBe('success');
    await index();
    const pending = (await subscription(payer)).data;
    expect(pending.payments).toMatchObject([{ confirmations: 1, credited: false }]);
    expect(pending.end_flag).toBe(0);

    await devnet().mine(CONFIRMATIONS - 1);
    await index();
    const confirmed = (await subscription(payer)).data;
    const blockTime = confirmed.payments[0]?.block_time ?? 0;
    expect(confirmed.payments).toMatchObject([{ confirmations: CONFIRMATIONS, credited: true }]);
    expect(confirmed.end_flag).toBe(blockTime + PLAN_TERMS[PLAN.halfYear].days * SECONDS_PER_DAY);
    expect(await endFlag(payer)).toBe(confirmed.end_flag);
    // Premium now: the sweep goes past its premium check to the collection, which FloorDesk does not know.
    const sweep = await api('POST', '/api/sweep/quote', payer.headers, sweepQuoteRequest(`0x${'9'.repeat(40)}`));
    expect(sweep.status).toBe(Status.CollectionUnknown);
    // A second plan extends from the end of the first, not from now.
    await pay(payer.account, await quoteFor(payer, PLAN.month));
    await devnet().mine(CONFIRMATIONS);
    await index();
    expect(await endFlag(payer)).toBe(confirmed.end_flag + PLAN_TERMS[PLAN.month].days * SECONDS_PER_DAY);
  });

  it('reverts a wrong amount, an expired quote, another payer, a reused quote id and a forged one, crediting none', async () => {
    const payer = await person();
    const other = await person();
    const quoted = await quoteFor(payer);
    const price = BigInt(quoted.quote.price);
    expect(await refusal(payer.account, quoted, price - 1n)).toBe('WrongPrice');
    expect(await refusal(payer.account, quoted, price + 1n)).toBe('WrongPrice');
    expect(await refusal(other.account, quoted)).toBe('NotPayer');
    const forged = {
      ...quoted,
      signature: await signQuote(
        privateKeyToAccount(generatePrivateKey()),
        foundry.id,
        quoted.contract as Address,
        contractQuote(quoted.quote),
      ),
    };
    expect(await refusal(payer.account, forged)).toBe('InvalidQuoteSignature');
    const cheaper = { ...quoted, quote: { ...quoted.quote, price: '1' } };
    expect(await refusal(payer.account, cheaper, 1n)).toBe('InvalidQuoteSignature');
    expect(await pay(payer.account, quoted, price - 1n)).toBe('reverted');
    expect(await pay(other.account, quoted)).toBe('reverted');

    expect(await pay(payer.account, quoted)).toBe('success');
    expect(await refusal(payer.account, quoted)).toBe('QuoteAlreadyUsed');
    expect(await pay(payer.account, quoted)).toBe('reverted');

    // Signed by the quote signer itself, but expired a second before the chain's latest block.
    const { timestamp } = await devnet().chain.client.getBlock();
    const lateQuote = { ...quoted.quote, expiry: Number(timestamp) - 1, quote_id: keccak256(toHex('late')) };
    const late = {
      ...quoted,
      quote: lateQuote,
      signature: await signQuote(quoteSigner(), foundry.id, quoted.contract as Address, contractQuote(lateQuote)),
    };
    expect(await refusal(payer.account, late)).toBe('QuoteExpired');
    expect(await pay(payer.account, late)).toBe('reverted');

    await index();
    // Only the one accepted payment is on record, for the payer; the other person paid nothing.
    expect((await subscription(payer)).data.payments).toHaveLength(1);
    expect((await subscription(other)).data.payments).toHaveLength(0);
    expect(await endFlag(other)).toBe(0);
  });

  it('credits a Subscribed event seen three times once', async () => {
    const payer = await person();
    await pay(payer.account, await quoteFor(payer));
    await devnet().mine(CONFIRMATIONS);
    await index();
    const before = (await subscription(payer)).data;
    const [payment] = before.payments;
    if (!payment) throw new Error('no payment indexed');
    const { rows } = await database().pool.query<{ number: string; hash: string; parent_hash: string; t: string }>(
      `select number, hash, parent_hash, extract(epoch from timestamp)::bigint as t from chain_blocks
        where number = (select block_number from subscription_payments where tx_hash = $1)`,
      [payment.tx_hash],
    );
    const block = rows[0];
    if (!block) throw new Error('the payment block is not stored');
    const events: DecodedLogs = { ...noDecodedLogs(), payments: [] };
    const stored = await database().pool.query<{
      log_index: number;
      plan: number;
      price_wei: string;
      quote_id: string;
    }>('select log_index, plan, price_wei, quote_id from subscription_payments where tx_hash = $1', [payment.tx_hash]);
    for (const row of stored.rows) {
      events.payments.push({
        blockNumber: Number(block.number),
        txHash: payment.tx_hash,
        logIndex: row.log_index,
        payer: payer.account.address.toLowerCase(),
        quoteId: row.quote_id,
        plan: row.plan,
        priceWei: BigInt(row.price_wei),
      });
    }
    const header = {
      number: Number(block.number),
      hash: block.hash,
      parentHash: block.parent_hash,
      timestamp: Number(block.t),
      transactions: [],
    };
    for (let i = 0; i < 3; i++) await storeBlocks(database().db, [header], events, new Date(), CHAIN_CONSUMERS);
    const after = (await subscription(payer)).data;
    expect(after.payments).toHaveLength(1);
    expect(after.end_flag).toBe(before.end_flag);
  });

  it('takes the credit back when a reorg removes the payment, and premium ends unless something else holds it', async () => {
    await index();
    const fork = await rpc<Hex>(devnet().rpcUrl, 'evm_snapshot', []);
    const payer = await person();
    await pay(payer.account, await quoteFor(payer));
    await devnet().mine(CONFIRMATIONS);
    await index();
    expect(await endFlag(payer)).toBeGreaterThan(0);

    await rpc(devnet().rpcUrl, 'evm_revert', [fork]);
    // The new branch outgrows the orphaned one.
    await devnet().mine(CONFIRMATIONS + 3);
    await index();
    expect((await subscription(payer)).data.payments).toEqual([]);
    expect(await endFlag(payer)).toBe(0);
    const sweep = await api('POST', '/api/subscription/quote', payer.headers, { plan: PLAN.month, agree: false });
    expect([sweep.status, sweep.msg]).toEqual([
      Status.AgreementRequired,
      'Please check and agree to the Disclaimer and Terms of Service.',
    ]);
  });

  it('signs quotes the contract accepts only for the quoted payer, plan and price', async () => {
    const payer = await person();
    const quoted = await quoteFor(payer, PLAN.year);
    expect(quoted.quote).toMatchObject({ payer: payer.account.address.toLowerCase(), plan: PLAN.year });
    expect(quoted.quote.expiry - Math.floor(Date.now() / 1000)).toBeGreaterThan(590);
    const altered = { ...quoted, quote: { ...quoted.quote, plan: PLAN.month } };
    expect(await refusal(payer.account, altered)).toBe('InvalidQuoteSignature');
    expect((await quoteFor(payer)).quote.quote_id).not.toBe(quoted.quote.quote_id);
  });
});
