import {
  ADDRESS_HEADER,
  type ApiName,
  apiRoutes,
  AUTH_HEADER,
  type EndpointBody,
  type EndpointData,
  type EndpointQuery,
  type endpoints,
  ERROR_NOTICE_THROTTLE_MS,
  type FieldError,
  HTTP_RETRY_DELAY_MS,
  HTTP_TIMEOUT_MS,
  HTTP_TIMEOUT_RETRIES,
  LANG_HEADER,
  type Lang,
  Status,
} from '@floordesk/protocol';
import { showToast } from '../components/ui/toast/toast-store';
import { sessionStore } from '../stores/session-store';
import { langOf, settingsStore } from '../stores/settings-store';
import { APP_VERSION } from './app-version';
import { i18n } from './i18n';
import { currentPath, navigateTo } from './navigation';
import { signInPath } from './redirect';
import { createErrorReporter, type ErrorReport } from './report-error';
import { createThrottle } from './throttle';

/**
 * Statuses that are answers rather than failures: they reach the caller as an ApiError with no notice
 * and no redirect, for it to interpret.
 */
const PASS_THROUGH_STATUSES: ReadonlySet<number> = new Set([-1, 50]);

/**
 * Failures the server is told about: every failed call but the answers above, an ended session (110) and
 * a rate limit (429), which are the server's own decisions.
 */
function isReported(error: ApiError): boolean {
  if (error.kind === 'status')
    return !PASS_THROUGH_STATUSES.has(error.status) && error.status !== Status.SessionInvalid;
  return !(error.kind === 'http' && error.status === 429);
}

/** Where a failure came from: a handled non-1 status, an HTTP error, or no usable answer at all. */
export type ApiErrorKind = 'status' | 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    /** The envelope status, or the HTTP status for `http`, or 0 when nothing came back. */
    readonly status: number,
    message: string,
    /** Field errors of an HTTP 400, or the item a refusal names (`listings.2`). */
    readonly fields: readonly FieldError[] = [],
  ) {
    super(message);
  }
}

/** The server's words when `error` is its refusal with one of `statuses` (not premium…), else null. */
export function refusalMessage(error: unknown, statuses: ReadonlySet<number>): string | null {
  return error instanceof ApiError && error.kind === 'status' && statuses.has(error.status) ? error.message : null;
}

/** The protocol's endpoint of an API call: its schemas type the call, and never run here. */
type EndpointOf<N extends ApiName> = (typeof endpoints)[N];

export type CallOptions<N extends ApiName> = ('body' extends keyof EndpointOf<N>
  ? { body: EndpointBody<EndpointOf<N>> }
  : { body?: never }) &
  ('query' extends keyof EndpointOf<N> ? { query: EndpointQuery<EndpointOf<N>> } : { query?: never }) & {
    /** Handle a failed status yourself: no error toast. */
    hideErr?: boolean;
    /** Cancels the call (e.g. a search a newer one replaced): it rejects with the abort reason, no retry, no toast. */
    signal?: AbortSignal;
    /**
     * A call the user did not make and nobody waits for (an error report): its failure shows nothing, reloads
     * nothing and is not reported (error reporting is skipped for the error-report call).
     */
    background?: boolean;
  };

/** Options are required when the endpoint takes a body or a query. */
type CallArgs<N extends ApiName> = [Extract<keyof EndpointOf<N>, 'body' | 'query'>] extends [never]
  ? [options?: CallOptions<N>]
  : [options: CallOptions<N>];

export type ApiClientDeps = {
  fetch: typeof fetch;
  session: () => { token: string | null; signNum: string | null };
  lang: () => Lang;
  /** Status 110: forget the session (token, sign_num, premium, identity). */
  endSession: () => void;
  navigate: (to: string) => void;
  currentPath: () => string;
  reload: () => void;
  notify: (message: string) => void;
  message: (key: 'network' | 'server') => string;
  now: () => number;
  /** Tells the server about a failed call (throttled and fire-and-forget; see report-error). */
  report: (report: ErrorReport) => void;
};

type Envelope = { status: number; msg: string; data: unknown };

class TimeoutError extends Error {}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const { status, msg } = value as Record<string, unknown>;
  return typeof status === 'number' && typeof msg === 'string';
}

function fieldsOf(data: unknown): FieldError[] {
  const fields = (data as { fields?: unknown } | null)?.fields;
  return Array.isArray(fields) ? (fields as FieldError[]) : [];
}

function urlOf(path: string, query: unknown): string {
  if (typeof query !== 'object' || query === null) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value != null) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The one client every API call goes through: headers, timeouts, the envelope and its statuses. */
export function createApiClient(deps: ApiClientDeps) {
  const serverNotice = createThrottle(ERROR_NOTICE_THROTTLE_MS, deps.now);
  const networkNotice = createThrottle(ERROR_NOTICE_THROTTLE_MS, deps.now);

  function failWith(kind: 'network' | 'server', error: ApiError, quiet: boolean): never {
    const gate = kind === 'server' ? serverNotice : networkNotice;
    if (!quiet && gate()) deps.notify(deps.message(kind));
    throw error;
  }

  async function fetchOnce(url: string, init: RequestInit): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, HTTP_TIMEOUT_MS);
    try {
      const signal = init.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
      return await deps.fetch(url, { ...init, signal });
    } catch (error) {
      throw timedOut ? new TimeoutError() : error;
    } finally {
      clearTimeout(timer);
    }
  }

  async function fetchWithRetries(url: string, init: RequestInit, quiet: boolean): Promise<Response> {
    for (let retry = 0; ; retry++) {
      try {
        return await fetchOnce(url, init);
      } catch (error) {
        if (init.signal?.aborted) throw init.signal.reason;
        if (error instanceof TimeoutError) {
          if (retry < HTTP_TIMEOUT_RETRIES) {
            await sleep(HTTP_RETRY_DELAY_MS);
            continue;
          }
          return failWith('network', new ApiError('timeout', 0, deps.message('network')), quiet);
        }
        return failWith('network', new ApiError('network', 0, deps.message('network')), quiet);
      }
    }
  }

  function headersFor(hasBody: boolean): Headers {
    const headers = new Headers({ [LANG_HEADER]: deps.lang() });
    if (hasBody) headers.set('content-type', 'application/json');
    const { token, signNum } = deps.session();
    if (token && signNum) {
      headers.set(AUTH_HEADER, `Bearer ${signNum}`);
      headers.set(ADDRESS_HEADER, token);
    }
    return headers;
  }

  /** Calls the API by the endpoint's name in the protocol (`endpoints`, `apiRoutes`). */
  async function call<N extends ApiName>(name: N, ...[options]: CallArgs<N>): Promise<EndpointData<EndpointOf<N>>> {
    return (await send(name, options)).data;
  }

  /**
   * `call`, keeping the server's `msg` of a success too: for actions whose answer the user reads as the server
   * words it (the chat bot's save and test, an alert saved or deleted).
   */
  async function callWithMessage<N extends ApiName>(
    name: N,
    ...[options]: CallArgs<N>
  ): Promise<{ data: EndpointData<EndpointOf<N>>; msg: string }> {
    return send(name, options);
  }

  async function send<N extends ApiName>(
    name: N,
    options: CallOptions<N> | undefined,
  ): Promise<{ data: EndpointData<EndpointOf<N>>; msg: string }> {
    try {
      return await request(name, options);
    } catch (error) {
      if (error instanceof ApiError && !options?.background && isReported(error)) {
        deps.report({
          kind: error.kind,
          code: error.status === 0 ? null : error.status,
          message: error.message,
          call: name,
        });
      }
      throw error;
    }
  }

  async function request<N extends ApiName>(
    name: N,
    options: CallOptions<N> | undefined,
  ): Promise<{ data: EndpointData<EndpointOf<N>>; msg: string }> {
    const { method, path } = apiRoutes[name];
    const body = options?.body;
    const quiet = options?.background === true;
    const response = await fetchWithRetries(
      urlOf(path, options?.query),
      {
        method,
        headers: headersFor(body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options?.signal,
      },
      quiet,
    );

    if (response.status === 429) {
      if (!quiet) deps.reload();
      throw new ApiError('http', response.status, response.statusText);
    }
    const serverError = () => new ApiError('http', response.status, deps.message('server'));
    if (response.status >= 500) return failWith('server', serverError(), quiet);

    const envelope: unknown = await response.json().catch(() => null);
    // An abort while the body streams in fails the read above; that is the caller's doing, not a server error.
    if (options?.signal?.aborted) throw options.signal.reason;
    if (!response.ok) {
      throw isEnvelope(envelope)
        ? new ApiError('http', response.status, envelope.msg, fieldsOf(envelope.data))
        : new ApiError('http', response.status, response.statusText);
    }
    if (!isEnvelope(envelope)) return failWith('server', serverError(), quiet);

    const { status, msg, data } = envelope;
    // The server checks every answer against the endpoint's data schema before sending it (the same protocol
    // schema that types this call), so checking it again here would only ship zod and every schema to the browser.
    if (status === Status.Ok) return { data: data as EndpointData<EndpointOf<N>>, msg };
    const error = new ApiError('status', status, msg, fieldsOf(data));
    if (PASS_THROUGH_STATUSES.has(status)) throw error;
    if (status === Status.SessionInvalid) {
      deps.endSession();
      deps.navigate(signInPath(deps.currentPath()));
      throw error;
    }
    // Visitors get no toast: their failures are theirs to explain (e.g. the sign-in page shows login errors).
    if (!options?.hideErr && !quiet && deps.session().token) deps.notify(msg);
    throw error;
  }

  return { call, callWithMessage };
}

/** The server hears of failed calls and wallet errors from here (lib/wallet/errors reports through it too). */
export const reportError = createErrorReporter({
  send: (report) => apiClient.call('reportClientError', { body: report, background: true }),
  route: () => window.location.pathname,
  version: APP_VERSION,
  now: Date.now,
});

export const apiClient = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  session: () => sessionStore.getState(),
  lang: () => langOf(settingsStore.getState().lang),
  endSession: () => sessionStore.getState().clear(),
  navigate: navigateTo,
  currentPath,
  reload: () => window.location.reload(),
  notify: showToast,
  message: (key) => i18n.t(`err.${key}`),
  now: Date.now,
  report: reportError,
});
