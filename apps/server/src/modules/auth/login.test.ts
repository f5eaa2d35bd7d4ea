import { createHash } from 'node:crypto';
import {
  BODY_LIMIT_BYTES,
  fieldRuleMessages,
  LANG_HEADER,
  NOTICE_TTL_MS,
  type LoginRequest,
  Status,
  type StatusCode,
  statusMessages,
} from '@floordesk/protocol';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { useTestDatabase } from '../../testing/database';
import { buildTestServer, testClock } from '../../testing/server';
import { alice, bob, requestNotice, sessionHeaders } from '../../testing/wallets';

const database = useTestDatabase();
const clock = testClock();
let app: FastifyInstance;
beforeAll(async () => {
  // This file signs in far more often than a person would; the rate limit has its own test below.
  app = await buildTestServer(database(), { now: clock.now, config: { authRateLimit: 1000 } });
});
afterAll(() => app.close());

function postLogin(payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });
}

async function sessionCount(): Promise<number> {
  const { rows } = await database().pool.query<{ count: string }>('select count(*) from sessions');
  return Number(rows[0]?.count);
}

/** A login Alice signed herself, for a notice she requested. */
async function aliceLogin(): Promise<LoginRequest> {
  const message = await requestNotice(app, alice);
  return { address: alice.address, message, signature: await alice.signMessage({ message }) };
}

/** The notice Alice received, rewritten with other fields and signed by her: a well-signed, tampered notice. */
async function tamperedLogin(change: Partial<Parameters<typeof createSiweMessage>[0]>): Promise<LoginRequest> {
  const fields = parseSiweMessage(await requestNotice(app, alice));
  const message = createSiweMessage({ ...(fields as Parameters<typeof createSiweMessage>[0]), ...change });
  return { address: alice.address, message, signature: await alice.signMessage({ message }) };
}

const fromNow = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

/** A login with `message` as Alice signed it, whatever its text. */
async function signedByAlice(message: string): Promise<LoginRequest> {
  return { address: alice.address, message, signature: await alice.signMessage({ message }) };
}

type Response = Awaited<ReturnType<typeof postLogin>>;

/** What a request did: its HTTP code, its envelope, and how many sessions it wrote. */
async function outcome(send: () => Promise<Response>) {
  const before = await sessionCount();
  const response = await send();
  const { status, msg } = response.json();
  return { http: response.statusCode, status, msg, sessionsWritten: (await sessionCount()) - before };
}

function attemptLogin(payload: unknown, headers: Record<string, string> = {}) {
  return outcome(() => postLogin(payload, headers));
}

function refusal(status: StatusCode, http = 200) {
  return { http, status, msg: statusMessages[status].en, sessionsWritten: 0 };
}

describe('sign-in notice', () => {
  it('is an EIP-4361 message for the checksummed address, this site and chain, valid for 10 minutes', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/notice',
      payload: { address: alice.address.toLowerCase() },
    });

    const { notice, expires_at } = response.json().data;
    const fields = parseSiweMessage(notice);
    expect(fields).toMatchObject({
      address: alice.address,
      domain: '127.0.0.1:8080',
      uri: 'http://127.0.0.1:8080',
      version: '1',
      chainId: 31337,
      statement: 'Sign in to FloorDesk. This request will not trigger a blockchain transaction or cost any gas fees.',
      issuedAt: clock.now(),
      expirationTime: new Date(clock.now().getTime() + NOTICE_TTL_MS),
    });
    expect(expires_at).toBe(fields.expirationTime?.toISOString());
  });

  it('names the configured origin, not the Host header the notice was requested with', async () => {
    const notice = await requestNotice(app, alice, { host: 'evil.example' });
    expect(parseSiweMessage(notice)).toMatchObject({ domain: '127.0.0.1:8080', uri: 'http://127.0.0.1:8080' });
  });

  it('names PUBLIC_ORIGIN as the site when it is set, whatever the Host header says', async () => {
    const publicApp = await buildTestServer(database(), { config: { origin: new URL('https://floordesk.app') } });
    const response = await publicApp.inject({
      method: 'POST',
      url: '/api/auth/notice',
      payload: { address: alice.address },
      headers: { host: 'evil.example' },
    });
    await publicApp.close();

    expect(parseSiweMessage(response.json().data.notice)).toMatchObject({
      domain: 'floordesk.app',
      uri: 'https://floordesk.app',
    });
  });
});

describe('the configured origin', () => {
  it('stops the server from starting when no notice can name it', async () => {
    await expect(buildTestServer(database(), { config: { origin: new URL('http://[::1]:8080') } })).rejects.toThrow(
      ConfigError,
    );
  });
});

describe('login', () => {
  it('opens a session for the signer and stores only the hash of its secret', async () => {
    const response = await postLogin(await aliceLogin());

    expect(response.statusCode).toBe(200);
    const { status, data } = response.json();
    expect(status).toBe(Status.Ok);
    expect(data.token).toBe(alice.address.toLowerCase());
    expect(data.sign_num).toMatch(/^[0-9a-f]{64}$/);
    const { rows } = await database().pool.query('select * from sessions where address = $1', [data.token]);
    expect(rows).toHaveLength(1);
    expect(rows[0].secret_hash).toBe(createHash('sha256').update(data.sign_num).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(data.sign_num);
  });

  it('lets the session call authenticated endpoints until sign-out revokes it', async () => {
    const session = (await postLogin(await aliceLogin())).json().data;
    const headers = sessionHeaders(session);

    const check = await app.inject({ method: 'GET', url: '/api/user/check', headers });
    expect(check.json()).toMatchObject({ status: Status.Ok, data: { user_address: session.token } });

    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(logout.json()).toMatchObject({ status: Status.Ok, data: null });

    const after = await app.inject({ method: 'GET', url: '/api/user/check', headers });
    expect(after.json()).toMatchObject({ status: Status.SessionInvalid });
  });

  it('judges a login by the configured domain, whatever Host header it is posted with', async () => {
    const response = await postLogin(await aliceLogin(), { host: 'evil.example' });
    expect(response.json().status).toBe(Status.Ok);
  });

  it('opens exactly one session when the same signed notice is sent twice at once', async () => {
    const login = await aliceLogin();
    const before = await sessionCount();

    const responses = await Promise.all([postLogin(login), postLogin(login)]);

    const statuses = responses.map((response) => response.json().status);
    expect(statuses.toSorted()).toEqual([Status.Ok, Status.NoticeUsed]);
    expect(await sessionCount()).toBe(before + 1);
  });
});

describe('login refusals, each with its own status and no session written', () => {
  it('refuses a notice signed by another wallet', async () => {
    const message = await requestNotice(app, alice);
    const signature = await bob.signMessage({ message });
    const result = await attemptLogin({ address: alice.address, message, signature });
    expect(result).toEqual(refusal(Status.SignatureMismatch));
  });

  it('refuses a signature that recovers no signer at all', async () => {
    const login = { ...(await aliceLogin()), signature: `0x${'00'.repeat(65)}` };
    expect(await attemptLogin(login)).toEqual(refusal(Status.SignatureMismatch));
  });

  it('refuses a notice that was already used', async () => {
    const login = await aliceLogin();
    expect((await postLogin(login)).json().status).toBe(Status.Ok);
    expect(await attemptLogin(login)).toEqual(refusal(Status.NoticeUsed));
  });

  it('refuses a notice older than 10 minutes', async () => {
    const login = await aliceLogin();
    clock.advance(NOTICE_TTL_MS);
    expect(await attemptLogin(login)).toEqual(refusal(Status.NoticeExpired));
  });

  it('refuses a notice rewritten for another website', async () => {
    const login = await tamperedLogin({ domain: 'evil.example' });
    expect(await attemptLogin(login)).toEqual(refusal(Status.NoticeDomainMismatch));
  });

  it('refuses a notice for the site whose Host header it was requested and posted with', async () => {
    // A phishing page relays its visitor's requests with its own Host and has the visitor sign for its own domain.
    const message = (await requestNotice(app, alice, { host: 'evil.example' }))
      .replace(/^\S+ wants/, 'evil.example wants')
      .replace(/^URI: .*$/m, 'URI: http://evil.example');
    const login = { address: alice.address, message, signature: await alice.signMessage({ message }) };
    expect(await attemptLogin(login, { host: 'evil.example' })).toEqual(refusal(Status.NoticeDomainMismatch));
  });

  it('refuses a notice rewritten for another chain', async () => {
    const login = await tamperedLogin({ chainId: 1 });
    expect(await attemptLogin(login)).toEqual(refusal(Status.NoticeChainMismatch));
  });

  it('refuses a notice whose address is not the one logging in', async () => {
    const login = { ...(await aliceLogin()), address: bob.address };
    expect(await attemptLogin(login)).toEqual(refusal(Status.NoticeAddressMismatch));
  });

  it('refuses a notice carrying a nonce that was issued to another address', async () => {
    const bobsNonce = parseSiweMessage(await requestNotice(app, bob)).nonce;
    const login = await tamperedLogin({ nonce: bobsNonce });
    expect(await attemptLogin(login)).toEqual(refusal(Status.NoticeAddressMismatch));
  });

  it('refuses a nonce FloorDesk never issued', async () => {
    const login = await tamperedLogin({ nonce: 'a1b2c3d4e5f6a7b8' });
    expect(await attemptLogin(login)).toEqual(refusal(Status.NoticeUnknown));
  });

  it('refuses a message that is not Sign-In with Ethereum', async () => {
    const message = 'Please sign in';
    const login = { address: alice.address, message, signature: await alice.signMessage({ message }) };
    expect(await attemptLogin(login)).toEqual(refusal(Status.NoticeMalformed));
  });

  it('answers in Chinese when the client asks for it', async () => {
    const message = await requestNotice(app, alice);
    const login = { address: alice.address, message, signature: await bob.signMessage({ message }) };

    const byHeader = await postLogin(login, { [LANG_HEADER]: 'zh' });
    const byBrowser = await postLogin(login, { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' });

    for (const response of [byHeader, byBrowser]) {
      expect(response.json().msg).toBe(statusMessages[Status.SignatureMismatch].zh);
    }
  });
});

describe('a signature counts only over the notice exactly as issued', () => {
  it.each<[string, (notice: string) => string]>([
    ['whose statement was changed', (notice) => notice.replace('Sign in to FloorDesk.', 'Approve all transfers.')],
    ['whose URI was changed', (notice) => notice.replace(/^URI: .*$/m, 'URI: https://evil.example')],
    [
      'whose Issued At was changed',
      (notice) => notice.replace(/^Issued At: .*$/m, `Issued At: ${fromNow(-3_600_000)}`),
    ],
    [
      'whose Expiration Time was moved',
      (notice) => notice.replace(/^Expiration Time: .*$/m, `Expiration Time: ${fromNow(365 * 86_400_000)}`),
    ],
    ['given a Not Before in the future', (notice) => `${notice}\nNot Before: ${fromNow(60_000)}`],
    ['given extra Resources', (notice) => `${notice}\nResources:\n- https://evil.example/approve-all`],
    [
      'with a paragraph inserted',
      (notice) => notice.replace('\n\nURI:', '\n\nI also approve every transfer of my NFTs.\n\nURI:'),
    ],
    ['whose address is not checksummed', (notice) => notice.replace(alice.address, alice.address.toLowerCase())],
  ])('refuses a login signed over a notice %s', async (_case, alter) => {
    const notice = await requestNotice(app, alice);
    const message = alter(notice);
    expect(message).not.toBe(notice);

    const login = { address: alice.address, message, signature: await alice.signMessage({ message }) };
    expect(await attemptLogin(login)).toEqual(refusal(Status.NoticeAltered));
  });

  it('still accepts the notice itself after refusing an altered copy', async () => {
    const notice = await requestNotice(app, alice);
    const altered = await attemptLogin(
      await signedByAlice(`${notice}\nResources:\n- https://evil.example/approve-all`),
    );
    expect(altered).toEqual(refusal(Status.NoticeAltered));
    expect((await postLogin(await signedByAlice(notice))).json().status).toBe(Status.Ok);
  });
});

describe('malformed login requests: HTTP 400 with the fields at fault', () => {
  it('names a malformed address', async () => {
    const response = await postLogin({ ...(await aliceLogin()), address: '0x1234' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: Status.BadRequest, data: { fields: [{ path: 'address' }] } });
  });

  it('names a malformed signature', async () => {
    const response = await postLogin({ ...(await aliceLogin()), signature: '0xdead' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: Status.BadRequest, data: { fields: [{ path: 'signature' }] } });
  });

  it('names every missing field', async () => {
    const response = await postLogin({});
    expect(response.statusCode).toBe(400);
    const paths = response.json().data.fields.map((field: { path: string }) => field.path);
    expect(paths.toSorted()).toEqual(['address', 'message', 'signature']);
  });

  it.each([
    ['a body that is not JSON', 'application/json', '{"address":', Status.BadRequest],
    ['a content type the API does not speak', 'application/xml', '<login/>', Status.UnsupportedMediaType],
  ] as const)('refuses %s', async (_case, contentType, payload, status) => {
    const send = () =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': contentType } });
    expect(await outcome(send)).toEqual(refusal(status, status));
  });

  it('refuses a body over the size limit with HTTP 413', async () => {
    const login = { ...(await aliceLogin()), message: 'x'.repeat(BODY_LIMIT_BYTES) };
    expect(await attemptLogin(login)).toEqual(refusal(Status.PayloadTooLarge, 413));
  });

  it('gives the field errors with a message in the caller language', async () => {
    const response = await postLogin(
      { ...(await aliceLogin()), address: '0x1234', signature: 42 },
      { [LANG_HEADER]: 'zh' },
    );
    expect(response.json()).toMatchObject({
      msg: statusMessages[Status.BadRequest].zh,
      data: {
        fields: [
          { path: 'address', message: fieldRuleMessages.address.zh },
          { path: 'signature', message: expect.stringMatching(/^无效输入/) },
        ],
      },
    });
  });
});

describe('sign-in rate limit', () => {
  it('answers the 429 envelope once an IP asks for more notices than AUTH_RATE_LIMIT per minute', async () => {
    const limited = await buildTestServer(database(), { config: { authRateLimit: 2 } });
    const ask = () => limited.inject({ method: 'POST', url: '/api/auth/notice', payload: { address: alice.address } });

    const statuses = [(await ask()).statusCode, (await ask()).statusCode];
    const third = await ask();
    await limited.close();

    expect(statuses).toEqual([200, 200]);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      status: Status.RateLimited,
      msg: statusMessages[Status.RateLimited].en,
      data: null,
    });
  });
});

describe('sign-in rate limit behind a proxy (TRUST_PROXY)', () => {
  it('counts each client address the proxy forwards, not the proxy', async () => {
    const limited = await buildTestServer(database(), { config: { authRateLimit: 1, trustProxy: true } });
    const ask = (client: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/auth/notice',
        payload: { address: alice.address },
        headers: { 'x-forwarded-for': client },
      });

    const statuses = [];
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.1']) statuses.push((await ask(client)).statusCode);
    await limited.close();

    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('nothing about a refused login reaches the database', () => {
  it('leaves no user behind for a refused first login', async () => {
    const message = await requestNotice(app, bob);
    await postLogin({ address: bob.address, message, signature: await alice.signMessage({ message }) });

    const users = await database().db.execute(sql`select 1 from users where address = ${bob.address.toLowerCase()}`);
    expect(users.rows).toHaveLength(0);
  });
});
