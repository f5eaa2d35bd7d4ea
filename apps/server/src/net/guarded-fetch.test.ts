import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, type GuardedFetchOptions } from './guarded-fetch';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
const EMPTY_OBJECT: Handler = (_request, response) => response.end('{}');

/** A local HTTP server on 127.0.0.1 whose answer each test sets; it records the paths it was asked for. */
async function localServer(): Promise<{
  origin: string;
  paths: string[];
  answer(handler: Handler): void;
  server: Server;
}> {
  const paths: string[] = [];
  let handler = EMPTY_OBJECT;
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, paths, answer: (next) => (handler = next), server };
}

let site: Awaited<ReturnType<typeof localServer>>;
let internal: Awaited<ReturnType<typeof localServer>>;
beforeAll(async () => {
  site = await localServer();
  internal = await localServer();
});
afterEach(() => {
  site.paths.length = 0;
  internal.paths.length = 0;
  site.answer(EMPTY_OBJECT);
});
afterAll(async () => {
  for (const { server } of [site, internal]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const GATEWAY = new URL('https://ipfs.io/ipfs/');

function fetcher(options: Partial<GuardedFetchOptions> = {}) {
  return createGuardedFetch({ ipfsGateway: GATEWAY, ...options });
}

const text = (body: Buffer) => body.toString('utf8');

/** A data: URI as the fetcher decodes it with a 64-byte cap: its text and media type, or the refusal. */
async function decoded(uri: string) {
  const fetched = await fetcher({ maxBytes: 64 })(uri);
  return fetched.ok ? { body: text(fetched.value.body), contentType: fetched.value.contentType } : fetched;
}

describe('the guarded fetcher', () => {
  it('refuses a server on a loopback address, by IP and by a name that resolves to it, without asking it', async () => {
    const port = new URL(site.origin).port;
    expect(await fetcher()(`${site.origin}/token/1`)).toEqual({
      ok: false,
      refusal: { reason: 'address', host: '127.0.0.1', address: '127.0.0.1', kind: 'loopback' },
    });
    const byName = await fetcher()(`http://localhost:${port}/token/1`);
    expect(byName).toMatchObject({ ok: false, refusal: { reason: 'address', host: 'localhost', kind: 'loopback' } });
    expect(site.paths).toEqual([]);
  });

  it('fetches from an origin the configuration allows (the devnet’s own server)', async () => {
    site.answer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end('{"name":"Fox #1"}');
    });
    const fetched = await fetcher({ allowedOrigins: [site.origin] })(`${site.origin}/token/1`);
    expect(fetched.ok && { body: text(fetched.value.body), contentType: fetched.value.contentType }).toEqual({
      body: '{"name":"Fox #1"}',
      contentType: 'application/json',
    });
  });

  it('refuses a redirect from an allowed origin to a private address, and never asks that address', async () => {
    site.answer((_request, response) => {
      response.writeHead(302, { location: `${internal.origin}/admin` });
      response.end();
    });
    expect(await fetcher({ allowedOrigins: [site.origin] })(`${site.origin}/token/1`)).toMatchObject({
      ok: false,
      refusal: { reason: 'address', address: '127.0.0.1', kind: 'loopback' },
    });
    const port = new URL(internal.origin).port;
    site.answer((_request, response) => {
      response.writeHead(301, { location: `http://localhost:${port}/admin` });
      response.end();
    });
    expect(await fetcher({ allowedOrigins: [site.origin] })(`${site.origin}/token/1`)).toMatchObject({
      ok: false,
      refusal: { reason: 'address', host: 'localhost' },
    });
    expect(internal.paths).toEqual([]);
  });

  it('follows a few redirects within allowed origins, relative ones too, and refuses a longer chain', async () => {
    site.answer((request, response) => {
      const hop = Number(new URL(request.url ?? '/', site.origin).searchParams.get('hop') ?? 0);
      if (request.url?.startsWith('/final')) return response.end('{"ok":true}');
      response.writeHead(307, { location: hop >= 2 ? '/final' : `/loop?hop=${hop + 1}` });
      response.end();
    });
    const fetched = await fetcher({ allowedOrigins: [site.origin] })(`${site.origin}/loop`);
    expect(fetched.ok && text(fetched.value.body)).toBe('{"ok":true}');
    expect(site.paths).toEqual(['/loop', '/loop?hop=1', '/loop?hop=2', '/final']);

    site.answer((_request, response) => {
      response.writeHead(302, { location: '/again' });
      response.end();
    });
    expect(await fetcher({ allowedOrigins: [site.origin], maxRedirects: 3 })(`${site.origin}/again`)).toEqual({
      ok: false,
      refusal: { reason: 'redirects', limit: 3 },
    });
  });

  it('refuses a redirect to a scheme other than http(s)', async () => {
    site.answer((_request, response) => {
      response.writeHead(302, { location: 'file:///etc/passwd' });
      response.end();
    });
    expect(await fetcher({ allowedOrigins: [site.origin] })(`${site.origin}/token/1`)).toEqual({
      ok: false,
      refusal: { reason: 'scheme', scheme: 'file' },
    });
  });

  it('refuses schemes other than http, https, ipfs and data', async () => {
    for (const [uri, scheme] of [
      ['file:///etc/passwd', 'file'],
      ['ftp://example.com/1.json', 'ftp'],
      ['gopher://127.0.0.1:6379/_FLUSHALL', 'gopher'],
      ['javascript:alert(1)', 'javascript'],
    ] as const) {
      expect(await fetcher()(uri)).toEqual({ ok: false, refusal: { reason: 'scheme', scheme } });
    }
    expect(await fetcher()('not a url')).toEqual({ ok: false, refusal: { reason: 'invalid-url' } });
  });

  it('stops reading a body past the size cap, declared or streamed', async () => {
    const allowed = fetcher({ allowedOrigins: [site.origin], maxBytes: 1024 });
    site.answer((_request, response) => {
      response.setHeader('content-length', String(4096));
      response.end('x'.repeat(4096));
    });
    expect(await allowed(`${site.origin}/declared`)).toEqual({
      ok: false,
      refusal: { reason: 'too-large', limit: 1024 },
    });

    let written = 0;
    site.answer((_request, response) => {
      // Chunked, with no length: an endless body.
      const timer = setInterval(() => {
        written += 512;
        response.write('y'.repeat(512));
      }, 1);
      response.on('close', () => clearInterval(timer));
    });
    expect(await allowed(`${site.origin}/streamed`)).toEqual({
      ok: false,
      refusal: { reason: 'too-large', limit: 1024 },
    });
    expect(written).toBeLessThan(1024 * 1024);

    site.answer((_request, response) => response.end('z'.repeat(1024)));
    const exact = await allowed(`${site.origin}/exact`);
    expect(exact.ok && exact.value.body.length).toBe(1024);
  });

  it('gives up on a server that answers too slowly, within the time cap', async () => {
    site.answer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"name":');
      // …and never finishes.
    });
    const started = Date.now();
    expect(await fetcher({ allowedOrigins: [site.origin], timeoutMs: 300 })(`${site.origin}/slow`)).toEqual({
      ok: false,
      refusal: { reason: 'timeout', ms: 300 },
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports an error status as a refusal', async () => {
    site.answer((_request, response) => {
      response.statusCode = 404;
      response.end('not found');
    });
    expect(await fetcher({ allowedOrigins: [site.origin] })(`${site.origin}/missing`)).toEqual({
      ok: false,
      refusal: { reason: 'status', status: 404 },
    });
  });

  it('decodes data: URIs, base64 or percent-encoded, within the size cap', async () => {
    const json = '{"name":"Ünïcode #1","attributes":[]}';
    const expected = { body: json, contentType: 'application/json' };
    expect(await decoded(`data:application/json;base64,${Buffer.from(json).toString('base64')}`)).toEqual(expected);
    expect(await decoded(`data:application/json,${encodeURIComponent(json)}`)).toEqual(expected);
    expect(await decoded(`data:application/json;utf8,${json}`)).toEqual(expected);
    expect(await decoded(`data:APPLICATION/JSON;charset=utf-8;BASE64,${Buffer.from(json).toString('base64')}`)).toEqual(
      expected,
    );
    expect(await decoded(`data:,${encodeURIComponent('{}')}`)).toEqual({ body: '{}', contentType: 'text/plain' });
    expect(await decoded(`data:application/json,${'a'.repeat(65)}`)).toEqual({
      ok: false,
      refusal: { reason: 'too-large', limit: 64 },
    });
    expect(await decoded(`data:application/json;base64,${Buffer.alloc(65).toString('base64')}`)).toEqual({
      ok: false,
      refusal: { reason: 'too-large', limit: 64 },
    });
    expect(await decoded('data:application/json')).toEqual({ ok: false, refusal: { reason: 'invalid-url' } });
  });

  it('reads ipfs:// through the configured gateway', async () => {
    const gateway = new URL(`${site.origin}/ipfs/`);
    const ipfs = fetcher({ ipfsGateway: gateway, allowedOrigins: [site.origin] });
    site.answer((request, response) => response.end(JSON.stringify({ path: request.url })));
    const cid = 'QmYwAPJzv5CZsnAzt8auVZRn1pfejnB6kMYjoDjqdqWNk1';
    for (const uri of [`ipfs://${cid}/7.json`, `ipfs://ipfs/${cid}/7.json`]) {
      const fetched = await ipfs(uri);
      expect(fetched.ok && JSON.parse(text(fetched.value.body))).toEqual({ path: `/ipfs/${cid}/7.json` });
    }
    expect(await ipfs(`ipfs://${cid}/../../admin`)).toEqual({ ok: false, refusal: { reason: 'invalid-url' } });
    // The gateway is one more host: on a private address, it is refused like any other.
    expect(await fetcher({ ipfsGateway: gateway })(`ipfs://${cid}/7.json`)).toMatchObject({
      ok: false,
      refusal: { reason: 'address', kind: 'loopback' },
    });
  });

  it('refuses a host that does not resolve', async () => {
    expect(await fetcher({ timeoutMs: 5000 })('http://floordesk-test.invalid/1.json')).toMatchObject({
      ok: false,
      refusal: { reason: 'unresolved', host: 'floordesk-test.invalid' },
    });
  });
});
