import { type PortfolioData, Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { parseEther, parseGwei, zeroAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DecodedLogs, noDecodedLogs, type SaleEvent, type TransferEvent } from '../../chain/decode';
import { storeBlocks } from '../../chain/store';
import type { ChainTransaction } from '../../chain/transactions';
import { useTestDatabase } from '../../testing/database';
import { insertCollection, insertListing } from '../../testing/market-rows';
import { buildTestServer, testClock } from '../../testing/server';
import { alice, bob, sessionHeaders, signIn } from '../../testing/wallets';
import { CHAIN_CONSUMERS } from '../../chain-consumers';

const database = useTestDatabase();
const clock = testClock();
const own = alice.address.toLowerCase();
const second = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
const stranger = '0x00000000000000000000000000000000000000e1';
const buyer = '0x00000000000000000000000000000000000000b2';
const seller = '0x00000000000000000000000000000000000000c2';
const art = '0x0000000000000000000000000000000000000a01';
const coins = '0x0000000000000000000000000000000000000a02';
const emptyHanded = privateKeyToAccount(generatePrivateKey());
const gasPrice = parseGwei('10');
const eth = (text: string) => parseEther(text);

let app: FastifyInstance;
let aliceHeaders: Record<string, string>;

type Item = { collection: string; tokenId: number; amount?: number; from: string; to: string };
type Sold = { price: string; proceeds: string };

/** One transaction in a block of its own, written as the indexer writes it: transfers, sales and the transaction. */
async function block(
  number: number,
  tx: { sender: string; value?: string; gas: number },
  items: readonly (Item & { sale?: Sold })[],
): Promise<void> {
  const txHash = `0x${number.toString(16).padStart(64, 'f')}`;
  const events: DecodedLogs = {
    ...noDecodedLogs(),
    transfers: items.map((item, i): TransferEvent => ({
      blockNumber: number,
      txHash,
      logIndex: i * 2,
      itemIndex: 0,
      collection: item.collection,
      tokenId: BigInt(item.tokenId),
      amount: BigInt(item.amount ?? 1),
      from: item.from,
      to: item.to,
      standard: item.collection === coins ? 'erc1155' : 'erc721',
    })),
    sales: items.flatMap((item, i): SaleEvent[] =>
      item.sale
        ? [
            {
              blockNumber: number,
              txHash,
              logIndex: i * 2 + 1,
              itemIndex: 0,
              protocol: 'seaport',
              collection: item.collection,
              tokenId: BigInt(item.tokenId),
              amount: BigInt(item.amount ?? 1),
              priceWei: eth(item.sale.price),
              paymentToken: zeroAddress,
              buyer: item.to,
              seller: item.from,
              marketplace: 'opensea',
              orderHash: txHash,
              proceedsWei: eth(item.sale.proceeds),
            },
          ]
        : [],
    ),
  };
  const transaction: ChainTransaction = {
    txHash,
    blockNumber: number,
    blockHash: `0x${number.toString(16).padStart(64, 'a')}`,
    from: tx.sender,
    to: null,
    valueWei: eth(tx.value ?? '0'),
    gasUsed: BigInt(tx.gas),
    effectiveGasPriceWei: gasPrice,
  };
  const header = {
    number,
    hash: transaction.blockHash,
    parentHash: `0x${(number - 1).toString(16).padStart(64, 'a')}`,
    timestamp: Math.floor(clock.now().getTime() / 1000) - 1000 + number,
    transactions: [],
  };
  await database().db.transaction((db) =>
    storeBlocks(db, [header], events, clock.now(), CHAIN_CONSUMERS, [transaction]),
  );
}

async function portfolio(headers: Record<string, string>, query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/portfolio${query}`, headers });
  return { http: response.statusCode, ...(response.json() as { status: number; msg: string; data: PortfolioData }) };
}

const gwei = (gas: number) => BigInt(gas) * gasPrice;

beforeAll(async () => {
  app = await buildTestServer(database(), {
    now: clock.now,
    config: { premiumAddresses: new Set([own, emptyHanded.address.toLowerCase()]) },
  });
  aliceHeaders = sessionHeaders(await signIn(app, alice));
  const added = await app.inject({
    method: 'POST',
    url: '/api/user/wallets',
    headers: aliceHeaders,
    payload: { address: second },
  });
  if (added.json().status !== Status.Ok) throw new Error(`adding the second wallet: ${added.body}`);
  await insertCollection(database().pool, art, { name: 'Art' });
  await insertCollection(database().pool, coins, { name: 'Coins', standard: 'erc1155' });

  // Alice mints two for 0.1 ETH; buys one of art and 4 coins in one sweep; is given one; someone else mints her one.
  await block(1, { sender: own, value: '0.1', gas: 100_000 }, [
    { collection: art, tokenId: 1, from: zeroAddress, to: own },
    { collection: art, tokenId: 2, from: zeroAddress, to: own },
  ]);
  await block(2, { sender: own, value: '0.6', gas: 200_000 }, [
    { collection: art, tokenId: 3, from: seller, to: own, sale: { price: '0.2', proceeds: '0.19' } },
    { collection: coins, tokenId: 7, amount: 4, from: seller, to: own, sale: { price: '0.4', proceeds: '0.38' } },
  ]);
  await block(3, { sender: stranger, gas: 50_000 }, [{ collection: art, tokenId: 4, from: stranger, to: own }]);
  await block(4, { sender: stranger, value: '0.05', gas: 80_000 }, [
    { collection: art, tokenId: 5, from: zeroAddress, to: own },
  ]);
  // She moves a minted one to her second wallet, which sells it to a buyer who sends the transaction.
  await block(5, { sender: own, gas: 40_000 }, [{ collection: art, tokenId: 1, from: own, to: second }]);
  await block(6, { sender: buyer, value: '0.3', gas: 90_000 }, [
    { collection: art, tokenId: 1, from: second, to: buyer, sale: { price: '0.3', proceeds: '0.28' } },
  ]);
  // She accepts an offer for one coin herself, paying that transaction's gas; and gives one art token away.
  await block(7, { sender: own, gas: 50_000 }, [
    { collection: coins, tokenId: 7, amount: 1, from: own, to: buyer, sale: { price: '0.15', proceeds: '0.14' } },
  ]);
  await block(8, { sender: own, gas: 30_000 }, [{ collection: art, tokenId: 5, from: own, to: stranger }]);
  await insertListing(database().pool, art, 90, eth('0.25'), clock.now());
  await insertListing(database().pool, art, 91, eth('0.3'), clock.now());
  await insertListing(database().pool, art, 92, eth('0.01'), clock.now(), { status: 'filled' });
});

describe('the portfolio', () => {
  it('costs a mint at its share of value and gas, a buy at its price plus its share of the sweep gas', async () => {
    const { status, data } = await portfolio(aliceHeaders);
    expect(status).toBe(Status.Ok);
    expect(data.wallets).toEqual([own, second]);
    const held = Object.fromEntries(data.holdings.map((h) => [`${h.collection}:${h.token_id}`, h]));
    expect(Object.keys(held).toSorted()).toEqual([`${art}:2`, `${art}:3`, `${art}:4`, `${coins}:7`]);
    expect(held[`${art}:2`]).toMatchObject({
      wallet: own,
      acquired: 'minted',
      cost_wei: (eth('0.05') + gwei(100_000) / 2n).toString(),
      floor_wei: eth('0.25').toString(),
      unrealised_wei: (eth('0.25') - eth('0.05') - gwei(100_000) / 2n).toString(),
    });
    // 5 units came in with the sweep: the art token bears a fifth of its gas, the 4 coins four fifths.
    expect(held[`${art}:3`]).toMatchObject({
      acquired: 'bought',
      cost_wei: (eth('0.2') + gwei(200_000) / 5n).toString(),
    });
    expect(held[`${art}:4`]).toMatchObject({
      acquired: 'received',
      cost_wei: '0',
      unrealised_wei: eth('0.25').toString(),
    });
    // Three coins left at the average cost of four; ERC-1155 without a listing has no floor.
    const coinCost = eth('0.4') + (gwei(200_000) * 4n) / 5n;
    expect(held[`${coins}:7`]).toMatchObject({
      amount: '3',
      acquired: 'bought',
      cost_wei: (coinCost - coinCost / 4n).toString(),
      floor_wei: null,
      unrealised_wei: null,
    });
  });

  it('counts a mint another wallet paid for as received at no cost, and drops what was given away', async () => {
    const { data } = await portfolio(aliceHeaders);
    expect(data.holdings.some((h) => h.token_id === '5')).toBe(false);
    expect(data.sold.some((s) => s.token_id === '5')).toBe(false);
  });

  it('carries the cost over a move between own wallets and realises proceeds minus cost minus own gas', async () => {
    const { data } = await portfolio(aliceHeaders);
    const [coin, moved] = data.sold;
    expect(moved).toMatchObject({
      wallet: second,
      collection: art,
      token_id: '1',
      acquired: 'minted',
      proceeds_wei: eth('0.28').toString(),
      gas_wei: '0',
      realised_wei: (eth('0.28') - eth('0.05') - gwei(100_000) / 2n).toString(),
    });
    const coinCost = eth('0.4') + (gwei(200_000) * 4n) / 5n;
    expect(coin).toMatchObject({
      wallet: own,
      amount: '1',
      gas_wei: gwei(50_000).toString(),
      realised_wei: (eth('0.14') - coinCost / 4n - gwei(50_000)).toString(),
    });
  });

  it('totals cost, floor value, unrealised and realised profit, with the unpriced holdings counted apart', async () => {
    const { data } = await portfolio(aliceHeaders);
    const costs = data.holdings.map((h) => BigInt(h.cost_wei));
    const priced = data.holdings.filter((h) => h.floor_wei !== null);
    expect(data.totals).toEqual({
      cost_wei: costs.reduce((a, b) => a + b).toString(),
      floor_value_wei: (eth('0.25') * 3n).toString(),
      unrealised_wei: priced.reduce((sum, h) => sum + BigInt(h.unrealised_wei ?? 0), 0n).toString(),
      realised_wei: data.sold.reduce((sum, s) => sum + BigInt(s.realised_wei), 0n).toString(),
      held: 4,
      unpriced: 1,
      sold: 2,
    });
  });

  it('limits the figures to one own wallet, and refuses a wallet that is not the caller’s', async () => {
    const { data } = await portfolio(aliceHeaders, `?wallet=${second.toUpperCase().replace('0X', '0x')}`);
    expect(data.wallet).toBe(second);
    expect(data.holdings).toEqual([]);
    expect(data.sold.map((s) => s.token_id)).toEqual(['1']);
    expect(data.totals).toMatchObject({ held: 0, sold: 1, realised_wei: data.sold[0]?.realised_wei });

    const foreign = await portfolio({ ...aliceHeaders, 'x-lang': 'zh' }, `?wallet=${stranger}`);
    expect(foreign).toMatchObject({
      status: Status.PortfolioWalletNotOwn,
      msg: '此钱包不是你的钱包，请先在钱包列表中添加。',
    });
    const malformed = await portfolio(aliceHeaders, '?wallet=0xzz');
    expect(malformed.http).toBe(400);
    expect(malformed).toMatchObject({ status: Status.BadRequest, data: { fields: [{ path: 'wallet' }] } });
  });

  it('answers an empty portfolio to a premium wallet with nothing', async () => {
    const { status, data } = await portfolio(sessionHeaders(await signIn(app, emptyHanded)));
    expect(status).toBe(Status.Ok);
    expect(data).toMatchObject({ holdings: [], sold: [], totals: { cost_wei: '0', held: 0, sold: 0 } });
  });

  it('refuses a caller without premium in their language, and a visitor', async () => {
    const headers = sessionHeaders(await signIn(app, bob));
    for (const [lang, msg] of [
      ['en', 'The portfolio is only available to premium users'],
      ['zh', '资产组合仅对高级会员开放'],
    ] as const) {
      const refused = await portfolio({ ...headers, 'x-lang': lang });
      expect(refused).toMatchObject({ http: 200, status: Status.PortfolioPremiumRequired, msg, data: null });
    }
    const visitor = await app.inject({ method: 'GET', url: '/api/portfolio' });
    expect(visitor.json().status).not.toBe(Status.Ok);
  });
});
