import {
  basicOrderArgs,
  MAINNET_SEAPORT_DEPLOYMENT,
  SEAPORT_ABI,
  seaportDomain,
  seaportOrderHash,
} from '@floordesk/contracts';
import { DEVNET_ERC721_ABI, devnetAccount } from '@floordesk/devnet';
import {
  ADDRESS_HEADER,
  AUTH_HEADER,
  DEFAULT_GAS_ENTRIES,
  MAINNET_CHAIN_ID,
  Status,
  sweepItemStatusOf,
} from '@floordesk/protocol';
import { type Account, type Address, encodeFunctionData, type Hex, domainSeparator, parseAbi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINNET_CONTRACTS, seaportAddress } from './chain/chain-contracts';
import { useTestDatabase } from './testing/database';
import { failures, type MainProcess, startMain } from './testing/main-process';
import { type OpenSeaApiServer, startOpenSeaApiServer } from './testing/opensea-api-server';
import { usePlainMainnet } from './testing/plain-mainnet';

/**
 * FloorDesk as an operator runs it on mainnet (main.ts with RPC_URL, CHAIN_ID 1, DATABASE_URL and OpenSea's key),
 * against a chain that has nothing of FloorDesk's devnet: a plain anvil with mainnet's Seaport at its mainnet address,
 * and a local server speaking OpenSea's API v2. A trade on chain makes the collection one traders watch; the worker
 * then reads OpenSea's best listings into the order book, unsigned; a premium trader sweeps one through the API,
 * which asks OpenSea for its signature at quote time; the indexer sees the sale.
 */
const database = useTestDatabase();
const chainOf = usePlainMainnet();
const SEAPORT = seaportAddress(MAINNET_CONTRACTS) as Address;
/** A second trader, whose trade on chain is the collection's first sale. */
const trader = devnetAccount(3);
let opensea: OpenSeaApiServer;
let app: MainProcess;

beforeAll(async () => {
  opensea = await startOpenSeaApiServer(SEAPORT);
  app = await startMain(
    {
      DATABASE_URL: database().url,
      RPC_URL: chainOf().rpcUrl,
      CHAIN_ID: String(MAINNET_CHAIN_ID),
      INDEXER_START_BLOCK: '0',
      OPENSEA_API_URL: opensea.url.toString(),
      OPENSEA_API_KEY: opensea.key,
      PREMIUM_ADDRESSES: chainOf().buyer.address,
      LOG_LEVEL: 'info',
    },
    ['MQTT_URL', 'PUBLIC_ORIGIN', 'ROLES', 'LOOKSRARE_API_KEY', 'SIMULATOR', 'DATA_DIR'],
  );
}, 300_000);
afterAll(async () => {
  await app?.kill();
  await opensea?.close();
});

async function api(path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { http: response.status, ...((await response.json()) as { status: number; msg: string; data: never }) };
}

/** Polls `read` until it answers something, for up to `timeoutMs`. */
async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > giveUpAt)
      throw new Error(`${what} did not happen within ${timeoutMs} ms:\n${app.lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function saleOf(tokenId: bigint) {
  const { rows } = await database().pool.query<Record<string, string>>(
    `select protocol, marketplace, buyer, seller, price_wei::text from sales where collection = $1 and token_id = $2`,
    [chainOf().collection, tokenId.toString()],
  );
  return rows[0];
}

/** Fulfillment requests in the order of the listings they name (they are asked several at once). */
type Fulfillment = { listing: { hash: string } };
const byHash = (a: Fulfillment, b: Fulfillment) => a.listing.hash.localeCompare(b.listing.hash);

/** A sale of the seller's to `buyer` on OpenSea, read from Seaport, as the indexer stores it. */
function openSeaSale(buyer: Account, priceWei: bigint) {
  return {
    protocol: 'seaport',
    marketplace: 'opensea',
    buyer: buyer.address.toLowerCase(),
    seller: chainOf().seller.address.toLowerCase(),
    price_wei: priceWei.toString(),
  };
}

describe('FloorDesk on a plain mainnet chain, with OpenSea’s API', () => {
  it('runs on mainnet’s own Seaport: its EIP-712 domain is mainnet’s, at mainnet’s address', async () => {
    const [version, separator, conduitController] = await chainOf().client.readContract({
      address: SEAPORT,
      abi: parseAbi(['function information() view returns (string, bytes32, address)']),
      functionName: 'information',
    });
    expect(version).toBe('1.6');
    expect(separator).toBe(domainSeparator({ domain: seaportDomain(MAINNET_CHAIN_ID, SEAPORT) }));
    expect(conduitController).toBe(MAINNET_SEAPORT_DEPLOYMENT.conduitController);
  });

  it('indexes a trade, reads OpenSea’s listings of the traded collection, and sweeps one with the signature OpenSea hands out at quote time', async () => {
    const { client, wallet } = chainOf();
    const { collection, buyer } = chainOf();

    // A trade on chain: the collection's first sale, which the indexer reads from mainnet's Seaport.
    const traded = await chainOf().openSeaListing(5n, parseEther('0.2'));
    const fill = await wallet(trader).sendTransaction({
      to: SEAPORT,
      data: encodeFunctionData({
        abi: SEAPORT_ABI,
        functionName: 'fulfillBasicOrder_efficient_6GL6yc',
        args: basicOrderArgs(traded),
      }),
      value: parseEther('0.2'),
    });
    expect((await client.waitForTransactionReceipt({ hash: fill })).status).toBe('success');
    expect(await eventually(() => saleOf(5n), 60_000, 'the first sale being indexed')).toEqual(
      openSeaSale(trader, parseEther('0.2')),
    );

    // OpenSea's best listings of the collection, served unsigned; the worker's next round reads them in.
    const cheap = await chainOf().openSeaListing(1n, parseEther('0.1'));
    const dearer = await chainOf().openSeaListing(2n, parseEther('0.15'));
    const forged = await chainOf().openSeaListing(3n, parseEther('0.05'));
    opensea.list(collection, 'plain-apes', [cheap, dearer, forged]);
    // For the cheapest OpenSea hands out a signature that is not the seller's: the sweep must pass it over.
    const impostor = await chainOf().openSeaListing(3n, parseEther('0.05'), { signer: buyer });
    opensea.forgeSignature(seaportOrderHash(forged.order), impostor.signature);
    const stored = await eventually(
      async () => {
        const { rows } = await database().pool.query<{ token_id: string; signature: string | null }>(
          `select token_id::text, signature from listings where collection = $1 and status = 'active' order by token_id`,
          [collection],
        );
        return rows.length === 3 ? rows : undefined;
      },
      90_000,
      'the OpenSea listings being read into the order book',
    );
    expect(stored).toEqual([
      { token_id: '1', signature: null },
      { token_id: '2', signature: null },
      { token_id: '3', signature: null },
    ]);

    // The premium trader signs in and sweeps the cheapest.
    const notice = await api('/api/auth/notice', { address: buyer.address });
    const message = (notice.data as { notice: string }).notice;
    const login = await api('/api/auth/login', {
      address: buyer.address,
      message,
      signature: await wallet(buyer).signMessage({ message }),
    });
    const { token, sign_num } = login.data as { token: string; sign_num: string };
    const session = { [AUTH_HEADER]: `Bearer ${sign_num}`, [ADDRESS_HEADER]: token };
    const quote = await api(
      '/api/sweep/quote',
      {
        chain_id: MAINNET_CHAIN_ID,
        collection,
        count: 1,
        max_total: parseEther('1').toString(),
        marketplaces: ['opensea'],
        skip_pending_flagged: true,
        gas: DEFAULT_GAS_ENTRIES[0],
      },
      session,
    );
    expect({ http: quote.http, status: quote.status, msg: quote.msg }).toEqual({
      http: 200,
      status: Status.Ok,
      msg: expect.any(String),
    });
    const planned = quote.data as {
      id: string;
      items: { token_id: string; role: string; reason: string | null }[];
      tx: { to: Address; data: Hex; value: string; gas: string };
    };
    expect(planned.items.map(({ token_id, role, reason }) => [token_id, role, reason])).toEqual([
      ['1', 'buy', null],
      ['2', 'spare', null],
      ['3', 'skip', 'unfillable'],
    ]);
    expect(planned.tx.to).toBe(SEAPORT.toLowerCase());
    // The signatures of the listing and of its spares were asked of OpenSea for this buyer; the good ones travel in the
    // calldata.
    const fulfillments = opensea.asked.filter(({ url }) => url.pathname === '/api/v2/listings/fulfillment_data');
    expect(fulfillments.map(({ body }) => body as Fulfillment).toSorted(byHash)).toEqual(
      [cheap, dearer, forged]
        .map(({ order }) => ({
          listing: { hash: seaportOrderHash(order), chain: 'ethereum', protocol_address: SEAPORT.toLowerCase() },
          fulfiller: { address: buyer.address.toLowerCase() },
        }))
        .toSorted(byHash),
    );
    expect(planned.tx.data).toContain(cheap.signature.slice(2));
    expect(planned.tx.data).toContain(dearer.signature.slice(2));
    expect(planned.tx.data).not.toContain(impostor.signature.slice(2));

    const sent = await wallet(buyer).sendTransaction({
      to: planned.tx.to,
      data: planned.tx.data,
      value: BigInt(planned.tx.value),
      gas: BigInt(planned.tx.gas),
    });
    expect((await client.waitForTransactionReceipt({ hash: sent })).status).toBe('success');
    const recorded = await api('/api/sweep/orders', { id: planned.id, tx_hash: sent }, session);
    expect(recorded.status).toBe(Status.Ok);
    const settled = await eventually(
      async () => {
        const answer = await api('/api/sweep/orders/settle', { id: planned.id }, session);
        const data = answer.data as { flag: number; items: { token_id: string; is_buy: number }[] };
        return data.flag !== 0 ? data : undefined;
      },
      30_000,
      'the sweep settling',
    );
    expect(
      settled.items.filter((item) => sweepItemStatusOf(item.is_buy) === 'bought').map((item) => item.token_id),
    ).toEqual(['1']);

    expect(
      await client.readContract({ address: collection, abi: DEVNET_ERC721_ABI, functionName: 'ownerOf', args: [1n] }),
    ).toBe(buyer.address);
    expect(await eventually(() => saleOf(1n), 60_000, 'the sweep being indexed as a sale')).toEqual(
      openSeaSale(buyer, parseEther('0.1')),
    );
    // The order book ended the listing it sold; the dearer ones stand.
    const { rows } = await database().pool.query<{ token_id: string; status: string }>(
      `select token_id::text, status from listings where collection = $1 order by token_id`,
      [collection],
    );
    expect(rows).toEqual([
      { token_id: '1', status: 'filled' },
      { token_id: '2', status: 'active' },
      { token_id: '3', status: 'active' },
    ]);
    expect(failures(app.lines)).toEqual([]);
  }, 300_000);
});
