import {
  ADDRESS_HEADER,
  AUTH_HEADER,
  type Endpoint,
  type EndpointBody,
  type EndpointData,
  type EndpointQuery,
  ERROR_NOTICE_THROTTLE_MS,
  type FieldError,
  HTTP_RETRY_DELAY_MS,
  HTTP_TIMEOUT_MS,
  HTTP_TIMEOUT_RETRIES,
  LANG_HEADER,
  type Lang,
  Status,
} from '@floordesk/protocol';
import type { z } from 'zod';
import { showToast } from '../components/ui/toast/toast-store';
import { sessionStore } from '../stores/session-store';
import { langOf, settingsStore } from '../stores/settings-store';
import { i18n } from './i18n';
import { currentPath, navigateTo } from './navigation';
import { signInPath } from './redirect';
import { createThrottle } from './throttle';

/**
 * Statuses that are answers rather than failures (spec §4): they reach the caller as an ApiError with no notice
 * and no redirect, for it to interpret.
 */
const PASS_THROUGH_STATUSES: ReadonlySet<number> = new Set([-1, 50]);

/** Where a failure came from: a handled non-1 status, an HTTP error, or no usable answer at all. */
export type ApiErrorKind = 'status' | 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    /** The envelope status, or the HTTP status for `http`, or 0 when nothing came back. */
    readonly status: number,
    message: string,
    /** Field errors of an HTTP 400. */
    readonly fields: readonly FieldError[] = [],
  ) {
    super(message);
  }
}

export type CallOptions<E extends Endpoint> = (E['body'] extends z.ZodType
  ? { body: EndpointBody<E> }
  : { body?: never }) &
  (E['query'] extends z.ZodType ? { query: EndpointQuery<E> } : { query?: never }) & {
    /** Handle a failed status yourself: no error toast. */
    hideErr?: boolean;
    /** Cancels the call (e.g. a search a newer one replaced): it rejects with the abort reason, no retry, no toast. */
    signal?: AbortSignal;
  };

type CallArgs<E extends Endpoint> = E['body'] extends z.ZodType
  ? [options: CallOptions<E>]
  : E['query'] extends z.ZodType
    ? [options: CallOptions<E>]
    : [options?: CallOptions<E>];

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

function urlOf(endpoint: Endpoint, query: unknown): string {
  if (typeof query !== 'object' || query === null) return endpoint.path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value != null) params.set(key, String(value));
  const search = params.toString();
  return search ? `${endpoint.path}?${search}` : endpoint.path;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The one client every API call goes through (spec §7, §8): headers, timeouts, the envelope and its statuses. */
export function createApiClient(deps: ApiClientDeps) {
  const serverNotice = createThrottle(ERROR_NOTICE_THROTTLE_MS, deps.now);
  const networkNotice = createThrottle(ERROR_NOTICE_THROTTLE_MS, deps.now);

  function failWith(kind: 'network' | 'server', error: ApiError): never {
    const gate = kind === 'server' ? serverNotice : networkNotice;
    if (gate()) deps.notify(deps.message(kind));
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

  async function fetchWithRetries(url: string, init: RequestInit): Promise<Response> {
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
          return failWith('network', new ApiError('timeout', 0, deps.message('network')));
        }
        return failWith('network', new ApiError('network', 0, deps.message('network')));
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

  async function call<E extends Endpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<EndpointData<E>> {
    const body = options?.body;
    const response = await fetchWithRetries(urlOf(endpoint, options?.query), {
      method: endpoint.method,
      headers: headersFor(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options?.signal,
    });

    if (response.status === 429) {
      deps.reload();
      throw new ApiError('http', response.status, response.statusText);
    }
    const serverError = () => new ApiError('http', response.status, deps.message('server'));
    if (response.status >= 500) return failWith('server', serverError());

    const envelope: unknown = await response.json().catch(() => null);
    // An abort while the body streams in fails the read above; that is the caller's doing, not a server error.
    if (options?.signal?.aborted) throw options.signal.reason;
    if (!response.ok) {
      throw isEnvelope(envelope)
        ? new ApiError('http', response.status, envelope.msg, fieldsOf(envelope.data))
        : new ApiError('http', response.status, response.statusText);
    }
    if (!isEnvelope(envelope)) return failWith('server', serverError());

    const { status, msg, data } = envelope;
    if (status === Status.Ok) {
      const parsed = endpoint.data.safeParse(data);
      return parsed.success ? (parsed.data as EndpointData<E>) : failWith('server', serverError());
    }
    const error = new ApiError('status', status, msg);
    if (PASS_THROUGH_STATUSES.has(status)) throw error;
    if (status === Status.SessionInvalid) {
      deps.endSession();
      deps.navigate(signInPath(deps.currentPath()));
      throw error;
    }
    // Visitors get no toast: their failures are theirs to explain (e.g. the sign-in page shows login errors).
    if (!options?.hideErr && deps.session().token) deps.notify(msg);
    throw error;
  }

  return { call };
}

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
});
