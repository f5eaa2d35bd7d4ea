import {
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  encodeDeployData,
  hashTypedData,
  keccak256,
  parseEther,
  parseEventLogs,
  RpcRequestError,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  loadArtifacts,
  QUOTE_TYPES,
  receiptOf,
  signQuote,
  type SubscriptionQuote,
  SUBSCRIPTIONS_ABI,
  subscriptionsDomain,
  type Artifacts,
} from './index';
import { type TestChain, useTestAnvil } from './testing/anvil';

const PRICE = parseEther('0.1275');

const chain = useTestAnvil();
let client: TestChain;
let artifacts: Artifacts;
let owner: Address;
let payer: Address;
let treasury: Address;
let stranger: Address;
let newOwner: Address;
const quoteSigner = privateKeyToAccount(generatePrivateKey());
let subscriptions: Address;

beforeAll(async () => {
  artifacts = await loadArtifacts();
  client = chain();
  [owner, payer, treasury, stranger, newOwner] = (await client.getAddresses()) as [
    Address,
    Address,
    Address,
    Address,
    Address,
  ];
});

// A fresh contract per test: what one test pays or rotates never shows in another.
beforeEach(async () => {
  const { abi, bytecode } = artifacts.FloorDeskSubscriptions;
  const hash = await client.deployContract({
    abi,
    bytecode,
    args: [owner, quoteSigner.address, treasury],
    account: owner,
  });
  const { contractAddress } = await receiptOf(client, hash);
  if (!contractAddress) throw new Error('deployment created no contract');
  subscriptions = contractAddress;
});

let quotes = 0;

/** A quote for the payer, valid for ten minutes of chain time, with a quote id no other test uses. */
async function quoteFor(overrides: Partial<SubscriptionQuote> = {}): Promise<SubscriptionQuote> {
  const { timestamp } = await client.getBlock();
  quotes += 1;
  return {
    payer,
    plan: 5,
    price: PRICE,
    expiry: timestamp + 600n,
    quoteId: keccak256(toHex(`quote ${quotes}`)),
    ...overrides,
  };
}

function sign(quote: SubscriptionQuote, signer = quoteSigner): Promise<Hex> {
  return signQuote(signer, foundry.id, subscriptions, quote);
}

type Payment = { account?: Address; value?: bigint };

function simulateSubscribe(quote: SubscriptionQuote, signature: Hex, payment: Payment = {}) {
  return client.simulateContract({
    address: subscriptions,
    abi: SUBSCRIPTIONS_ABI,
    functionName: 'subscribe',
    args: [quote, signature],
    account: payment.account ?? quote.payer,
    value: payment.value ?? quote.price,
  });
}

async function subscribe(quote: SubscriptionQuote, signature: Hex) {
  const { request } = await simulateSubscribe(quote, signature);
  return logsOf(await client.writeContract(request));
}

async function logsOf(hash: Hex) {
  const receipt = await receiptOf(client, hash);
  expect(receipt.status).toBe('success');
  return parseEventLogs({ abi: SUBSCRIPTIONS_ABI, logs: receipt.logs });
}

/** Sends an owner-only function from `account` (the owner unless told). */
async function administer(
  functionName: 'setQuoteSigner' | 'setTreasury' | 'transferOwnership',
  address: Address,
  account = owner,
) {
  const { request } = await client.simulateContract({
    address: subscriptions,
    abi: SUBSCRIPTIONS_ABI,
    functionName,
    args: [address],
    account,
  });
  return logsOf(await client.writeContract(request));
}

function read(functionName: 'quoteSigner' | 'treasury' | 'owner' | 'pendingOwner') {
  return client.readContract({ address: subscriptions, abi: SUBSCRIPTIONS_ABI, functionName });
}

/** The custom error a call reverted with, decoded by name. */
async function revertOf(call: Promise<unknown>): Promise<{ errorName: string | undefined; args: unknown }> {
  const error: unknown = await call.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof BaseError)) throw new Error('the call did not revert');
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (!(reverted instanceof ContractFunctionRevertedError)) throw error;
  return { errorName: reverted.data?.errorName, args: reverted.data?.args };
}

/** The same signature's malleable twin (s → n − s, v flipped), which OpenZeppelin's ECDSA rejects. */
function highS(signature: Hex): Hex {
  const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
  const r = signature.slice(2, 66);
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130, 132), 16);
  return `0x${r}${(n - s).toString(16).padStart(64, '0')}${(v === 27 ? 28 : 27).toString(16)}`;
}

function balance(address: Address): Promise<bigint> {
  return client.getBalance({ address });
}

describe('subscribe', () => {
  test('forwards exactly the price to the treasury, uses up the quote and announces the payment', async () => {
    const quote = await quoteFor();
    const before = await balance(treasury);

    const events = await subscribe(quote, await sign(quote));

    expect((await balance(treasury)) - before).toBe(PRICE);
    expect(await balance(subscriptions)).toBe(0n);
    expect(
      await client.readContract({
        address: subscriptions,
        abi: SUBSCRIPTIONS_ABI,
        functionName: 'quoteUsed',
        args: [quote.quoteId],
      }),
    ).toBe(true);
    expect(events).toMatchObject([
      { eventName: 'Subscribed', args: { payer, quoteId: quote.quoteId, plan: 5, price: PRICE } },
    ]);
  });

  test('takes no other amount than the price', async () => {
    const quote = await quoteFor();
    const signature = await sign(quote);

    for (const value of [PRICE - 1n, PRICE + 1n, 0n]) {
      expect(await revertOf(simulateSubscribe(quote, signature, { value }))).toEqual({
        errorName: 'WrongPrice',
        args: [PRICE, value],
      });
    }
  });

  test('refuses a quote past its expiry', async () => {
    const lapsed = await quoteFor();
    const lapsedSignature = await sign(lapsed);
    await client.increaseTime({ seconds: 601 });
    await client.mine({ blocks: 1 });
    const past = await quoteFor({ expiry: (await client.getBlock()).timestamp - 1n });

    expect(await revertOf(simulateSubscribe(lapsed, lapsedSignature))).toEqual({
      errorName: 'QuoteExpired',
      args: [lapsed.expiry],
    });
    expect(await revertOf(simulateSubscribe(past, await sign(past)))).toEqual({
      errorName: 'QuoteExpired',
      args: [past.expiry],
    });
  });

  test('takes a payment only from the quote’s payer', async () => {
    const quote = await quoteFor();

    expect(await revertOf(simulateSubscribe(quote, await sign(quote), { account: stranger }))).toEqual({
      errorName: 'NotPayer',
      args: [payer, stranger],
    });
  });

  test('pays a quote id once', async () => {
    const quote = await quoteFor();
    const signature = await sign(quote);
    await subscribe(quote, signature);
    // Another quote under the same id, even validly signed, is the same purchase.
    const cheaper = { ...quote, price: PRICE / 2n };

    expect(await revertOf(simulateSubscribe(quote, signature))).toEqual({
      errorName: 'QuoteAlreadyUsed',
      args: [quote.quoteId],
    });
    expect(await revertOf(simulateSubscribe(cheaper, await sign(cheaper)))).toEqual({
      errorName: 'QuoteAlreadyUsed',
      args: [quote.quoteId],
    });
  });

  test('refuses a quote the quote signer did not sign as sent', async () => {
    const quote = await quoteFor();
    const signature = await sign(quote);
    const impostor = privateKeyToAccount(generatePrivateKey());
    const invalid = { errorName: 'InvalidQuoteSignature', args: undefined };

    expect(await revertOf(simulateSubscribe(quote, await sign(quote, impostor)))).toEqual(invalid);
    // The payer lowered the price after signing.
    const edited = { ...quote, price: PRICE / 2n };
    expect(await revertOf(simulateSubscribe(edited, signature))).toEqual(invalid);
    // Malformed: too short, nonsense of the right length, a valid signature with a high s.
    const malformed: Hex[] = ['0x', '0x1234', toHex(0x11, { size: 65 }), highS(signature)];
    for (const garbage of malformed) {
      expect(await revertOf(simulateSubscribe(quote, garbage))).toEqual(invalid);
    }
  });

  test('refuses a payment it cannot pass on to the treasury', async () => {
    // The contract itself takes no plain ETH, so as its own treasury it fails every transfer.
    await administer('setTreasury', subscriptions);
    const quote = await quoteFor();

    expect(await revertOf(simulateSubscribe(quote, await sign(quote)))).toEqual({
      errorName: 'TreasuryTransferFailed',
      args: undefined,
    });
  });
});

test('refuses plain ETH transfers', async () => {
  // Sent as is by anvil, which mines it even though it reverts.
  const hash = await client.sendTransaction({ account: payer, to: subscriptions, value: 1n });

  expect((await receiptOf(client, hash)).status).toBe('reverted');
  expect(await balance(subscriptions)).toBe(0n);
});

test('hashes a quote as viem does', async () => {
  const quote = await quoteFor();

  const digest = await client.readContract({
    address: subscriptions,
    abi: SUBSCRIPTIONS_ABI,
    functionName: 'hashQuote',
    args: [quote],
  });

  expect(digest).toBe(
    hashTypedData({
      domain: subscriptionsDomain(foundry.id, subscriptions),
      types: QUOTE_TYPES,
      primaryType: 'Quote',
      message: quote,
    }),
  );
});

describe('administration', () => {
  test('the owner rotates the quote signer', async () => {
    const next = privateKeyToAccount(generatePrivateKey());

    const events = await administer('setQuoteSigner', next.address);

    expect(events).toMatchObject([
      { eventName: 'QuoteSignerChanged', args: { previous: quoteSigner.address, current: next.address } },
    ]);
    expect(await read('quoteSigner')).toBe(next.address);
    const quote = await quoteFor();
    expect(await revertOf(simulateSubscribe(quote, await sign(quote)))).toEqual({
      errorName: 'InvalidQuoteSignature',
      args: undefined,
    });
    await subscribe(quote, await sign(quote, next));
  });

  test('the owner moves the treasury', async () => {
    const events = await administer('setTreasury', stranger);

    expect(events).toMatchObject([{ eventName: 'TreasuryChanged', args: { previous: treasury, current: stranger } }]);
    expect(await read('treasury')).toBe(stranger);
    const quote = await quoteFor();
    const [formerBefore, currentBefore] = [await balance(treasury), await balance(stranger)];
    await subscribe(quote, await sign(quote));
    expect(await balance(treasury)).toBe(formerBefore);
    expect((await balance(stranger)) - currentBefore).toBe(PRICE);
  });

  test('only the owner rotates the signer or the treasury, never to the zero address', async () => {
    const unauthorized = { errorName: 'OwnableUnauthorizedAccount', args: [stranger] };

    expect(await revertOf(administer('setQuoteSigner', stranger, stranger))).toEqual(unauthorized);
    expect(await revertOf(administer('setTreasury', stranger, stranger))).toEqual(unauthorized);
    expect(await revertOf(administer('setQuoteSigner', zeroAddress))).toEqual({
      errorName: 'ZeroAddress',
      args: undefined,
    });
    expect(await revertOf(administer('setTreasury', zeroAddress))).toEqual({
      errorName: 'ZeroAddress',
      args: undefined,
    });
  });

  test('hands ownership over only when the new owner accepts it', async () => {
    await administer('transferOwnership', newOwner);

    expect(await read('owner')).toBe(owner);
    expect(await read('pendingOwner')).toBe(newOwner);
    const accept = (account: Address) =>
      client.simulateContract({
        address: subscriptions,
        abi: SUBSCRIPTIONS_ABI,
        functionName: 'acceptOwnership',
        account,
      });
    expect(await revertOf(accept(stranger))).toEqual({ errorName: 'OwnableUnauthorizedAccount', args: [stranger] });

    const { request } = await accept(newOwner);
    await logsOf(await client.writeContract(request));

    expect(await read('owner')).toBe(newOwner);
    expect(await read('pendingOwner')).toBe(zeroAddress);
    expect(await revertOf(administer('setTreasury', stranger))).toEqual({
      errorName: 'OwnableUnauthorizedAccount',
      args: [owner],
    });
  });

  test('refuses a zero owner, quote signer or treasury at deployment', async () => {
    const { abi, bytecode } = artifacts.FloorDeskSubscriptions;
    for (const args of [
      [zeroAddress, quoteSigner.address, treasury],
      [owner, zeroAddress, treasury],
      [owner, quoteSigner.address, zeroAddress],
    ]) {
      const error = await client.call({ account: owner, data: encodeDeployData({ abi, bytecode, args }) }).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      // A deployment has no function for viem to decode its revert with: decode the node's revert data.
      const reverted = error instanceof BaseError ? error.walk((cause) => cause instanceof RpcRequestError) : undefined;
      if (!(reverted instanceof RpcRequestError)) throw new Error(`the deployment did not revert: ${String(error)}`);
      expect(decodeErrorResult({ abi: SUBSCRIPTIONS_ABI, data: reverted.data as Hex }).errorName).toBe('ZeroAddress');
    }
  });
});
