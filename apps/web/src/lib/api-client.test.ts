import {
  ERROR_NOTICE_THROTTLE_MS,
  HTTP_RETRY_DELAY_MS,
  HTTP_TIMEOUT_MS,
  HTTP_TIMEOUT_RETRIES,
} from '@floordesk/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClientDeps, createApiClient } from './api-client';
import { createErrorReporter, type ErrorReport } from './report-error';

const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const NETWORK = 'Network error, please try again later.';
const SERVER = 'Server error, please try again later';
const config = { chain_id: 31337, chain_name: 'Devnet', version: '0.1.0' };

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that never answers, failing only when the client aborts it. */
function hangingFetch(): ApiClientDeps['fetch'] {
  return (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
}

function setup({ signedIn = true }: { signedIn?: boolean } = {}) {
  let clock = 0;
  const deps = {
    fetch: vi.fn<ApiClientDeps['fetch']>(),
    session: () => (signedIn ? { token: address, signNum: 'secret' } : { token: null, signNum: null }),
    lang: () => 'zh' as const,
    endSession: vi.fn<() => void>(),
    navigate: vi.fn<(to: string) => void>(),
    currentPath: () => '/collection/7?tab=trades',
    reload: vi.fn<() => void>(),
    notify: vi.fn<(message: string) => void>(),
    message: (key: 'network' | 'server') => (key === 'network' ? NETWORK : SERVER),
    now: () => clock,
    report: vi.fn<(report: ErrorReport) => void>(),
  } satisfies ApiClientDeps;
  const advanceClock = (ms: number) => {
    clock += ms;
  };
  return { deps, advanceClock, client: createApiClient(deps) };
}

function rejection(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    },
  );
}

describe('requests', () => {
  it('sends the language with every call and no credentials for a visitor', async () => {
    const { deps, client } = setup({ signedIn: false });
    deps.fetch.mockResolvedValue(reply({ status: 1, msg: 'OK', data: config }));
    await client.call('appConfig');
    const [url, init] = deps.fetch.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/app/config');
    expect(init?.method).toBe('GET');
    expect(headers.get('x-lang')).toBe('zh');
    expect(headers.has('authorization')).toBe(false);
    expect(headers.has('x-address')).toBe(false);
  });

  it('sends the session as bearer secret and address once signed in', async () => {
    const { deps, client } = setup();
    deps.fetch.mockResolvedValue(reply({ status: 1, msg: 'OK', data: null }));
    await client.call('authLogout');
    const headers = new Headers(deps.fetch.mock.calls[0]![1]?.headers);
    expect(headers.get('authorization')).toBe('Bearer secret');
    expect(headers.get('x-address')).toBe(address);
  });

  it('posts the body as JSON', async () => {
    const { deps, client } = setup({ signedIn: false });
    deps.fetch.mockResolvedValue(
      reply({ status: 1, msg: 'OK', data: { notice: 'n', expires_at: '2030-01-01T00:00:00Z' } }),
    );
    await client.call('authNotice', { body: { address } });
    const init = deps.fetch.mock.calls[0]![1];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ address });
  });

  it('sends GET fields as query parameters', async () => {
    const { deps, client } = setup();
    deps.fetch.mockResolvedValue(reply({ status: 1, msg: 'OK', data: { list: [] } }));
    await client.call('search', { query: { q: 'punk s' } });
    expect(deps.fetch.mock.calls[0]![0]).toBe('/api/search?q=punk+s');
    expect(deps.fetch.mock.calls[0]![1]?.method).toBe('GET');
  });
});

describe('statuses', () => {
  it('resolves with the data of status 1', async () => {
    const { deps, client } = setup();
    deps.fetch.mockResolvedValue(reply({ status: 1, msg: 'OK', data: config }));
    await expect(client.call('appConfig')).resolves.toEqual(config);
  });

  it.each([-1, 50])('hands status %i to the caller without a toast or redirect', async (status) => {
    const { deps, client } = setup();
    deps.fetch.mockResolvedValue(reply({ status, msg: 'answer', data: null }));
    const error = await rejection(client.call('appConfig'));
    expect(error).toMatchObject({ kind: 'status', status, message: 'answer' });
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('ends an invalid session (110) and sends the user to sign-in with the current page as redirect', async () => {
    const { deps, client } = setup();
    deps.fetch.mockResolvedValue(reply({ status: 110, msg: 'Your session has ended.', data: null }));
    const error = await rejection(client.call('userCheck'));
    expect(error.status).toBe(110);
    expect(deps.endSession).toHaveBeenCalledOnce();
    expect(deps.navigate).toHaveBeenCalledWith('/?redirect=%2Fcollection%2F7%3Ftab%3Dtrades');
  });

  it('shows the server message of any other status and rejects with it', async () => {
    const { deps, client } = setup();
    deps.fetch.mockResolvedValue(reply({ status: 1104, msg: 'The sign-in notice has expired.', data: null }));
    const error = await rejection(client.call('userCheck'));
    expect(error).toMatchObject({ kind: 'status', status: 1104, message: 'The sign-in notice has expired.' });
    expect(deps.notify).toHaveBeenCalledWith('The sign-in notice has expired.');
  });

  it('keeps quiet when the caller hides errors', async () => {
    const { deps, client } = setup();
    deps.fetch.mockResolvedValue(reply({ status: 1104, msg: 'expired', data: null }));
    await rejection(client.call('userCheck', { hideErr: true }));
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('keeps quiet for a visitor with no stored token', async () => {
    const { deps, client } = setup({ signedIn: false });
    deps.fetch.mockResolvedValue(
      reply({ status: 1108, msg: 'The signature does not belong to this address.', data: null }),
    );
    const error = await rejection(client.call('authLogin', { body: { address, message: 'm', signature: '0x' } }));
    expect(error.message).toBe('The signature does not belong to this address.');
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it.each([
    ['a page that is not JSON', () => new Response('<!doctype html><title>proxy</title>', { status: 200 })],
    ['JSON without a status and message', () => reply({ chain_id: 31337 })],
  ])('rejects %s as a server error', async (_case, answer) => {
    const { deps, client } = setup();
    deps.fetch.mockResolvedValue(answer());
    const error = await rejection(client.call('appConfig'));
    expect(error).toMatchObject({ kind: 'http', status: 200, message: SERVER });
    expect(deps.notify).toHaveBeenCalledWith(SERVER);
  });
});

describe('HTTP failures', () => {
  afterEach(() => vi.useRealTimers());

  it('reloads the page when rate limited (429)', async () => {
    const { deps, client } = setup();
    deps.fetch.mockResolvedValue(reply({ status: 429, msg: 'Too many requests', data: null }, 429));
    const error = await rejection(client.call('appConfig'));
    expect(error).toMatchObject({ kind: 'http', status: 429 });
    expect(deps.reload).toHaveBeenCalledOnce();
  });

  it('passes other HTTP errors through with their status and field errors', async () => {
    const { deps, client } = setup();
    const fields = [{ path: 'address', message: 'must be a 0x-prefixed 20-byte hex address' }];
    deps.fetch.mockResolvedValue(reply({ status: 400, msg: 'Wrong input.', data: { fields } }, 400));
    const error = await rejection(client.call('authNotice', { body: { address: 'nope' } }));
    expect(error).toMatchObject({ kind: 'http', status: 400, message: 'Wrong input.', fields });
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('keeps the item a refusal names, so the caller can point at it', async () => {
    const { deps, client } = setup();
    const fields = [{ path: 'listings.2', message: 'The offerer does not own this NFT.' }];
    deps.fetch.mockResolvedValue(reply({ status: 1209, msg: 'The offerer does not own this NFT.', data: { fields } }));
    const error = await rejection(client.call('postListings', { body: { listings: [] }, hideErr: true }));
    expect(error).toMatchObject({ kind: 'status', status: 1209, fields });
  });

  it('tells the user about a server error at most once per throttle window', async () => {
    const { deps, advanceClock, client } = setup();
    deps.fetch.mockImplementation(async () => new Response('boom', { status: 502 }));
    const first = await rejection(client.call('appConfig'));
    expect(first).toMatchObject({ kind: 'http', status: 502, message: SERVER });
    advanceClock(ERROR_NOTICE_THROTTLE_MS - 1);
    await rejection(client.call('appConfig'));
    expect(deps.notify).toHaveBeenCalledTimes(1);
    advanceClock(1);
    await rejection(client.call('appConfig'));
    expect(deps.notify).toHaveBeenCalledTimes(2);
    expect(deps.notify).toHaveBeenLastCalledWith(SERVER);
  });

  it('shows one network-error toast when several calls fail together', async () => {
    const { deps, client } = setup();
    deps.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const errors = await Promise.all([1, 2, 3].map(() => rejection(client.call('appConfig'))));
    expect(errors.map((error) => error.kind)).toEqual(['network', 'network', 'network']);
    expect(deps.notify).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenCalledWith(NETWORK);
  });

  it('retries a timed-out call up to 4 times, 1000 ms apart, then reports a network error', async () => {
    vi.useFakeTimers();
    const { deps, client } = setup();
    const startedAt: number[] = [];
    const hang = hangingFetch();
    deps.fetch.mockImplementation((input, init) => {
      startedAt.push(Date.now());
      return hang(input, init);
    });
    const outcome = rejection(client.call('appConfig'));
    await vi.advanceTimersByTimeAsync((HTTP_TIMEOUT_MS + HTTP_RETRY_DELAY_MS) * (HTTP_TIMEOUT_RETRIES + 1));
    const error = await outcome;

    expect(error.kind).toBe('timeout');
    expect(startedAt).toHaveLength(1 + HTTP_TIMEOUT_RETRIES);
    const gaps = startedAt.slice(1).map((at, index) => at - startedAt[index]!);
    expect(gaps).toEqual(Array(HTTP_TIMEOUT_RETRIES).fill(HTTP_TIMEOUT_MS + HTTP_RETRY_DELAY_MS));
    expect(deps.notify).toHaveBeenCalledWith(NETWORK);
  });

  it('succeeds quietly when a retry after a timeout answers', async () => {
    vi.useFakeTimers();
    const { deps, client } = setup();
    const hang = hangingFetch();
    deps.fetch.mockImplementationOnce(hang).mockResolvedValueOnce(reply({ status: 1, msg: 'OK', data: config }));
    const outcome = client.call('appConfig');
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS + HTTP_RETRY_DELAY_MS);
    await expect(outcome).resolves.toEqual(config);
    expect(deps.fetch).toHaveBeenCalledTimes(2);
    expect(deps.notify).not.toHaveBeenCalled();
  });
});

describe('cancellation', () => {
  afterEach(() => vi.useRealTimers());

  it('aborts the request when the caller cancels it, rejecting quietly with no retry', async () => {
    vi.useFakeTimers();
    const { deps, client } = setup();
    deps.fetch.mockImplementation(hangingFetch());
    const caller = new AbortController();
    const outcome = client.call('appConfig', { signal: caller.signal }).catch((error: unknown) => error);
    caller.abort(new DOMException('replaced', 'AbortError'));
    await vi.advanceTimersByTimeAsync((HTTP_TIMEOUT_MS + HTTP_RETRY_DELAY_MS) * (HTTP_TIMEOUT_RETRIES + 1));

    expect(await outcome).toMatchObject({ name: 'AbortError', message: 'replaced' });
    expect(deps.fetch).toHaveBeenCalledTimes(1);
    expect(deps.fetch.mock.calls[0]![1]?.signal?.aborted).toBe(true);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('still times out a call whose caller never cancels', async () => {
    vi.useFakeTimers();
    const { deps, client } = setup();
    deps.fetch.mockImplementation(hangingFetch());
    const outcome = rejection(client.call('appConfig', { signal: new AbortController().signal }));
    await vi.advanceTimersByTimeAsync((HTTP_TIMEOUT_MS + HTTP_RETRY_DELAY_MS) * (HTTP_TIMEOUT_RETRIES + 1));
    expect((await outcome).kind).toBe('timeout');
  });
});

describe('error reports', () => {
  it('reports a failed call with its kind, status, message and name', async () => {
    const { deps, client } = setup();
    deps.fetch.mockResolvedValueOnce(new Response('boom', { status: 502 }));
    await rejection(client.call('appConfig'));
    deps.fetch.mockResolvedValueOnce(reply({ status: 1104, msg: 'expired', data: null }));
    await rejection(client.call('userCheck', { hideErr: true }));
    deps.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await rejection(client.call('search', { query: { q: 'punk' } }));
    expect(deps.report.mock.calls.map(([report]) => report)).toEqual([
      { kind: 'http', code: 502, message: SERVER, call: 'appConfig' },
      { kind: 'status', code: 1104, message: 'expired', call: 'userCheck' },
      { kind: 'network', code: null, message: NETWORK, call: 'search' },
    ]);
  });

  it.each([
    ['the answer -1', () => reply({ status: -1, msg: 'answer', data: null })],
    ['the answer 50', () => reply({ status: 50, msg: 'answer', data: null })],
    ['an ended session (110)', () => reply({ status: 110, msg: 'ended', data: null })],
    ['a rate limit (429)', () => reply({ status: 429, msg: 'Too many requests', data: null }, 429)],
  ])('does not report %s: the server decided it', async (_case, answer) => {
    const { deps, client } = setup();
    deps.fetch.mockResolvedValue(answer());
    await rejection(client.call('userCheck'));
    expect(deps.report).not.toHaveBeenCalled();
  });

  it.each([
    ['a rate limit', () => Promise.resolve(reply({ status: 429, msg: 'Too many requests', data: null }, 429))],
    ['a server error', () => Promise.resolve(new Response('boom', { status: 502 }))],
    ['a refusal', () => Promise.resolve(reply({ status: 1104, msg: 'expired', data: null }))],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('fails a background call quietly on %s: no toast, no reload, no report', async (_case, answer) => {
    const { deps, client } = setup();
    deps.fetch.mockImplementation(answer);
    await rejection(client.call('appConfig', { background: true }));
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.reload).not.toHaveBeenCalled();
    expect(deps.report).not.toHaveBeenCalled();
  });

  it('sends a report as a background call whose own failure is never reported', async () => {
    const { deps } = setup();
    const wired = createApiClient({
      ...deps,
      report: createErrorReporter({
        send: (report) => wired.call('reportClientError', { body: report, background: true }),
        route: () => '/trending',
        version: '0.1.0',
        now: deps.now,
      }),
    });
    deps.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await rejection(wired.call('appConfig'));
    await vi.waitFor(() => expect(deps.fetch).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(deps.fetch).toHaveBeenCalledTimes(2);
    const [url, init] = deps.fetch.mock.calls[1]!;
    expect(url).toBe('/api/client/errors');
    expect(JSON.parse(String(init?.body))).toEqual({
      kind: 'network',
      code: null,
      message: NETWORK,
      call: 'appConfig',
      route: '/trending',
      version: '0.1.0',
    });
    expect(new Headers(init?.headers).get('x-address')).toBe(address);
    expect(deps.notify).toHaveBeenCalledTimes(1);
  });
});
