import type { Hex } from 'viem';
import type { z } from 'zod';
import type { FulfillmentApi, OrderBookRequest } from '../listings/protocols/order-protocol';

/**
 * One marketplace's API, read for a collection's cheapest listings in the order book's own request shape: a
 * connector per API, each behind this interface (`looksrare-api.ts`, `opensea-api.ts`). The order book checks every
 * listing a connector brings exactly as it checks any other before anyone can sweep it; an API that serves its
 * orders unsigned (OpenSea) hands out a signature per fill (`FulfillmentConnector`).
 */
export type ListingConnector = {
  name: 'looksrare' | FulfillmentApi;
  /** The collection's cheapest valid listings, at most `limit`, or why none could be read. */
  cheapestListings(collection: string, limit: number): Promise<ConnectorAnswer>;
};

export type ConnectorAnswer =
  | { ok: true; listings: OrderBookRequest[] }
  /** `retryAfterMs`: the API's own word on when to ask again (a 429's Retry-After). */
  | { ok: false; failure: string; retryAfterMs?: number };

/** An API that serves orders unsigned, asked for one order's signature when a buyer is about to fill it. */
export type FulfillmentConnector = {
  name: FulfillmentApi;
  /** The signature the API hands `fulfiller` for the order of `orderHash`, or why it would not. */
  fulfillmentSignature(
    orderHash: Hex,
    fulfiller: Hex,
  ): Promise<{ ok: true; signature: Hex } | { ok: false; failure: string }>;
};

/** The original app's limits: a marketplace lookup times out after 10 s, and a timeout is retried up to 4 times, 1 s apart. */
export const MARKETPLACE_TIMEOUT_MS = 10_000;
const TIMEOUT_RETRIES = 4;
const RETRY_PAUSE_MS = 1000;

/** The most an answer may hold: a page of 100 OpenSea listings is ~300 kB. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * GETs `url` (or POSTs `body` as JSON) and reads its JSON with `schema`: a timeout is retried, anything else that is
 * not a 2xx answer of that shape is a failure named for the operator (the status, or what was wrong with the body),
 * never a throw. The URL's host is the operator's configuration, not a user's or a contract's, so it is fetched
 * directly rather than through the guarded fetcher (which refuses private addresses such an API may sit on); what
 * the marketplace answers is not trusted as far: a redirect, which could point anywhere, is a failure rather than
 * followed, and an answer larger than `MAX_ANSWER_BYTES` is dropped unread.
 */
export async function requestJson<T>(
  url: URL,
  headers: Record<string, string>,
  schema: z.ZodType<T>,
  { timeoutMs = MARKETPLACE_TIMEOUT_MS, body: posted }: { timeoutMs?: number; body?: unknown } = {},
): Promise<{ ok: true; value: T } | { ok: false; failure: string; retryAfterMs?: number }> {
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          accept: 'application/json',
          ...(posted !== undefined && { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(posted !== undefined && { method: 'POST', body: JSON.stringify(posted) }),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      if (timedOut && attempt < TIMEOUT_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
        continue;
      }
      return { ok: false, failure: timedOut ? `no answer within ${timeoutMs} ms` : `unreachable: ${String(error)}` };
    }
    if (!response.ok) {
      await response.body?.cancel();
      const retryAfter = Number(response.headers.get('retry-after'));
      return {
        ok: false,
        failure: `HTTP ${response.status}`,
        ...(response.status === 429 &&
          Number.isFinite(retryAfter) &&
          retryAfter > 0 && { retryAfterMs: retryAfter * 1000 }),
      };
    }
    let text: string | undefined;
    try {
      text = await readCapped(response, MAX_ANSWER_BYTES);
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return { ok: false, failure: timedOut ? `no answer within ${timeoutMs} ms` : 'the answer broke off' };
    }
    if (text === undefined) return { ok: false, failure: `the answer is larger than ${MAX_ANSWER_BYTES} bytes` };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, failure: 'the answer is not JSON' };
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      return { ok: false, failure: `the answer is not the documented shape: ${parsed.error.issues[0]?.message}` };
    return { ok: true, value: parsed.data };
  }
}

/** The body as text, or undefined once it grows past `maxBytes` (the rest is not read). */
async function readCapped(response: Response, maxBytes: number): Promise<string | undefined> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    // Leaving the loop cancels the stream: the rest is never downloaded.
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
