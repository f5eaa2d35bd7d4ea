import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { type AddressKind, addressKind } from './ip-address';

/** Why a URL was not fetched: values the caller logs or retries on, never exceptions. */
export type FetchRefusal =
  | { reason: 'invalid-url' }
  | { reason: 'scheme'; scheme: string }
  | { reason: 'address'; host: string; address: string; kind: Exclude<AddressKind, 'public'> }
  | { reason: 'unresolved'; host: string }
  | { reason: 'redirects'; limit: number }
  | { reason: 'status'; status: number }
  | { reason: 'too-large'; limit: number }
  | { reason: 'timeout'; ms: number }
  | { reason: 'network'; code: string };

export type Fetched = { body: Buffer; contentType: string | undefined };
export type GuardedFetchResult = { ok: true; value: Fetched } | { ok: false; refusal: FetchRefusal };
/** Fetches a URL that a user or a contract chose (http, https, ipfs or data). */
export type GuardedFetch = (uri: string) => Promise<GuardedFetchResult>;

export type GuardedFetchOptions = {
  /** Where `ipfs://CID/path` is read: `${gateway}CID/path`. */
  ipfsGateway: URL;
  /**
   * Origins fetched although their addresses would be refused: only the composition names them (the devnet's own
   * server, which serves its token metadata on loopback). Redirects away from them are checked as usual.
   */
  allowedOrigins?: readonly string[];
  maxBytes?: number;
  /** For the whole fetch, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
};

const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Thrown by the checked lookup inside a request; turned into a refusal before it leaves this module. */
class RefusedAddress extends Error {
  constructor(readonly refusal: Extract<FetchRefusal, { reason: 'address' }>) {
    super(`${refusal.host} resolves to a ${refusal.kind} address`);
  }
}

/**
 * Resolves like dns.lookup, but fails when any address of the name is not public. Node connects to the address this
 * returns, so the address checked is the address reached: no second resolution an attacker could rebind.
 */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    for (const { address } of addresses) {
      const kind = addressKind(address);
      if (kind !== 'public')
        return callback(new RefusedAddress({ reason: 'address', host: hostname, address, kind }), '', 0);
    }
    const [first] = addresses;
    if (options.all) return (callback as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    return first ? callback(null, first.address, first.family) : callback(new Error('no address'), '', 0);
  });
};

/**
 * The one way FloorDesk fetches a URL that a user or a contract chose (token metadata, images): http(s) to public
 * addresses only, checked after DNS resolution and again on every redirect; ipfs:// through the configured gateway;
 * data: URIs decoded in place; bodies and time capped.
 */
export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const allowed = new Set((options.allowedOrigins ?? []).map((origin) => new URL(origin).origin));
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

  async function fetchHttp(start: URL): Promise<GuardedFetchResult> {
    const signal = AbortSignal.timeout(timeoutMs);
    let url = start;
    for (let redirects = 0; ; redirects++) {
      const scheme = url.protocol.slice(0, -1);
      if (scheme !== 'http' && scheme !== 'https') return refuse({ reason: 'scheme', scheme });
      const trusted = allowed.has(url.origin);
      const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (!trusted && isIP(literal)) {
        const kind = addressKind(literal);
        if (kind !== 'public') return refuse({ reason: 'address', host: literal, address: literal, kind });
      }
      let response: IncomingMessage;
      try {
        response = await get(url, { agent: agents[url.protocol as keyof typeof agents], signal, trusted });
      } catch (error) {
        return refuse(failure(error, url, signal, timeoutMs));
      }
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode ?? 0) && location !== undefined) {
        response.resume();
        if (redirects >= maxRedirects) return refuse({ reason: 'redirects', limit: maxRedirects });
        const next = URL.parse(location, url.href);
        if (!next) return refuse({ reason: 'invalid-url' });
        url = next;
        continue;
      }
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 299) {
        response.resume();
        return refuse({ reason: 'status', status });
      }
      try {
        const body = await readCapped(response, maxBytes);
        if (!body) return refuse({ reason: 'too-large', limit: maxBytes });
        return { ok: true, value: { body, contentType: mediaType(response.headers['content-type']) } };
      } catch (error) {
        return refuse(failure(error, url, signal, timeoutMs));
      }
    }
  }

  return async (uri) => {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(uri)?.[1]?.toLowerCase();
    if (scheme === undefined) return refuse({ reason: 'invalid-url' });
    if (scheme === 'data') return decodeDataUri(uri, maxBytes);
    if (scheme === 'ipfs') {
      const url = ipfsUrl(uri, options.ipfsGateway);
      return url ? fetchHttp(url) : refuse({ reason: 'invalid-url' });
    }
    if (scheme !== 'http' && scheme !== 'https') return refuse({ reason: 'scheme', scheme });
    const url = URL.parse(uri);
    return url ? fetchHttp(url) : refuse({ reason: 'invalid-url' });
  };
}

function refuse(refusal: FetchRefusal): GuardedFetchResult {
  return { ok: false, refusal };
}

function get(
  url: URL,
  { agent, signal, trusted }: { agent: http.Agent; signal: AbortSignal; trusted: boolean },
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { agent, signal, headers: { 'user-agent': 'FloorDesk' }, ...(!trusted && { lookup: checkedLookup }) },
      resolve,
    );
    request.once('error', reject);
  });
}

/** The body, or undefined once it grows past `maxBytes` (the connection is dropped then, not drained). */
async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function failure(error: unknown, url: URL, signal: AbortSignal, timeoutMs: number): FetchRefusal {
  if (error instanceof RefusedAddress) return error.refusal;
  if (signal.aborted) return { reason: 'timeout', ms: timeoutMs };
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA')
    return { reason: 'unresolved', host: url.hostname };
  return { reason: 'network', code };
}

/** `ipfs://CID/path` (or `ipfs://ipfs/CID/path`) on the gateway; nothing outside the gateway's path. */
function ipfsUrl(uri: string, gateway: URL): URL | undefined {
  const path = uri.slice('ipfs://'.length).replace(/^ipfs\//, '');
  const url = URL.parse(path, gateway.href);
  return url?.origin === gateway.origin && url.pathname.startsWith(gateway.pathname) && path !== '' ? url : undefined;
}

/** RFC 2397: `data:[<media type>][;base64],<data>`, the data percent-encoded unless base64. */
function decodeDataUri(uri: string, maxBytes: number): GuardedFetchResult {
  const comma = uri.indexOf(',');
  if (comma < 0) return refuse({ reason: 'invalid-url' });
  const parameters = uri.slice('data:'.length, comma).split(';');
  const data = uri.slice(comma + 1);
  const base64 = parameters.at(-1)?.trim().toLowerCase() === 'base64';
  const body = base64 ? Buffer.from(data, 'base64') : percentDecode(data);
  if (body.length > maxBytes) return refuse({ reason: 'too-large', limit: maxBytes });
  return { ok: true, value: { body, contentType: mediaType(parameters[0]) ?? 'text/plain' } };
}

function percentDecode(text: string): Buffer {
  return Buffer.concat(
    text
      .split(/(%[0-9a-f]{2})/i)
      .map((part) =>
        /^%[0-9a-f]{2}$/i.test(part) ? Buffer.from([Number.parseInt(part.slice(1), 16)]) : Buffer.from(part),
      ),
  );
}

function mediaType(header: string | undefined): string | undefined {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type === '' ? undefined : type;
}
