import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type OrderComponents, orderToJson, seaportOrderHash } from '@floordesk/contracts';
import type { Hex } from 'viem';

/** A listing the server holds: the order, its signature, and the contract's collection slug. */
export type ServedListing = { order: OrderComponents; signature: Hex };

/** What the server was asked: method, path with query, the key header and the JSON body. */
export type AskedOfOpenSea = { method: string; url: URL; key: string | undefined; body: unknown };

export type OpenSeaApiServer = {
  url: URL;
  key: string;
  /** Adds listings of a contract known to OpenSea as the collection `slug`. */
  list(contract: string, slug: string, listings: readonly ServedListing[]): void;
  /** Answers every request with this instead, until `answerNormally`. */
  answerWith(answer: { status: number; body: string; headers?: Record<string, string> }): void;
  answerNormally(): void;
  /** Hands out this signature instead of the true one for the order of `orderHash`. */
  forgeSignature(orderHash: Hex, signature: Hex): void;
  asked: AskedOfOpenSea[];
  close(): Promise<void>;
};

/**
 * A local server speaking OpenSea's API v2 as its documentation describes it, for the listings a test gives it:
 * `GET /api/v2/chain/{chain}/contract/{address}` (the contract and its `collection` slug),
 * `GET /api/v2/listings/collection/{slug}/best?limit=N` (`{ listings: [{ order_hash, chain, type, price: { current:
 * { currency, decimals, value } }, protocol_data: { parameters, signature: null }, protocol_address }], next }`,
 * cheapest first, served without signatures as OpenSea serves them), and `POST /api/v2/listings/fulfillment_data`
 * (`{ listing: { hash, chain, protocol_address }, fulfiller: { address } }` → `{ protocol, fulfillment_data: {
 * transaction: { function, chain, to, value, input_data }, orders: [{ parameters, signature }] } }`). Requests
 * without the key are answered 401, unknown paths 404, as OpenSea answers them.
 */
export async function startOpenSeaApiServer(seaport: string, chain = 'ethereum'): Promise<OpenSeaApiServer> {
  const key = 'opensea-test-key';
  const slugs = new Map<string, string>();
  const listings = new Map<string, Array<ServedListing & { hash: Hex }>>();
  const forged = new Map<string, Hex>();
  const asked: AskedOfOpenSea[] = [];
  let override: { status: number; body: string; headers?: Record<string, string> } | undefined;

  const answer = (request: IncomingMessage, body: unknown): { status: number; json: unknown } => {
    const url = new URL(request.url ?? '/', 'http://opensea.local');
    if (request.headers['x-api-key'] !== key) return { status: 401, json: { detail: 'Invalid API key' } };
    const contract = new RegExp(`^/api/v2/chain/${chain}/contract/(0x[0-9a-f]{40})$`).exec(url.pathname);
    if (request.method === 'GET' && contract) {
      const address = contract[1]!;
      return {
        status: 200,
        json: {
          address,
          chain,
          collection: slugs.get(address) ?? null,
          contract_standard: 'erc721',
          name: 'Plain Apes',
          total_supply: null,
        },
      };
    }
    const best = /^\/api\/v2\/listings\/collection\/([^/]+)\/best$/.exec(url.pathname);
    if (request.method === 'GET' && best) {
      const slug = decodeURIComponent(best[1]!);
      if (![...slugs.values()].includes(slug)) return { status: 404, json: { errors: ['Collection not found'] } };
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), 100);
      const served = [...slugs]
        .filter(([, s]) => s === slug)
        .flatMap(([address]) => listings.get(address) ?? [])
        .toSorted((a, b) => Number(priceOf(a.order) - priceOf(b.order)))
        .slice(0, limit);
      return {
        status: 200,
        json: {
          listings: served.map((listing) => ({
            order_hash: listing.hash,
            chain,
            type: 'basic',
            price: { current: { currency: 'ETH', decimals: 18, value: priceOf(listing.order).toString() } },
            protocol_data: {
              parameters: servedParameters(listing.order),
              signature: null,
            },
            protocol_address: seaport,
          })),
          next: null,
        },
      };
    }
    if (request.method === 'POST' && url.pathname === '/api/v2/listings/fulfillment_data') {
      const hash = (body as { listing?: { hash?: string } } | undefined)?.listing?.hash?.toLowerCase();
      const fulfiller = (body as { fulfiller?: { address?: string } } | undefined)?.fulfiller?.address;
      const listing = [...listings.values()].flat().find((one) => one.hash === hash);
      if (!listing || !fulfiller) return { status: 400, json: { errors: ['Listing not found'] } };
      const parameters = servedParameters(listing.order);
      const signature = forged.get(listing.hash) ?? listing.signature;
      return {
        status: 200,
        json: {
          protocol: 'seaport1.6',
          fulfillment_data: {
            transaction: {
              function:
                'fulfillBasicOrder_efficient_6GL6yc((address,uint256,uint256,address,address,address,uint256,uint256,uint8,uint256,uint256,bytes32,uint256,bytes32,bytes32,uint256,(uint256,address)[],bytes))',
              chain: 1,
              to: seaport,
              value: Number(priceOf(listing.order)),
              input_data: { parameters: { ...parameters, signature } },
            },
            orders: [{ parameters, signature }],
          },
        },
      };
    }
    return { status: 404, json: { errors: ['Not found'] } };
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      const sentKey = request.headers['x-api-key'];
      asked.push({
        method: request.method ?? 'GET',
        url: new URL(request.url ?? '/', 'http://opensea.local'),
        key: typeof sentKey === 'string' ? sentKey : undefined,
        body,
      });
      if (override) {
        response.writeHead(override.status, { 'content-type': 'application/json', ...override.headers });
        response.end(override.body);
        return;
      }
      const { status, json } = answer(request, body);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    key,
    list(contract, slug, served) {
      const address = contract.toLowerCase();
      slugs.set(address, slug);
      const held = listings.get(address) ?? [];
      held.push(...served.map((listing) => ({ ...listing, hash: seaportOrderHash(listing.order) })));
      listings.set(address, held);
    },
    answerWith(next) {
      override = next;
    },
    answerNormally() {
      override = undefined;
    },
    forgeSignature(orderHash, signature) {
      forged.set(orderHash.toLowerCase(), signature);
    },
    asked,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An order's components as OpenSea serves them, with the consideration count its `OrderParameters` carry. */
function servedParameters(order: OrderComponents) {
  return { ...orderToJson(order), totalOriginalConsiderationItems: order.consideration.length };
}

function priceOf(order: OrderComponents): bigint {
  return order.consideration.reduce((sum, item) => sum + item.startAmount, 0n);
}
