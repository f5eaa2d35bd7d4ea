import type { Diagnostics } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const DIAGNOSTICS_POLL_MS = 2000;
/** A hung request would hold back every later poll, so each one gives up well before it matters. */
const DIAGNOSTICS_TIMEOUT_MS = 10_000;

/** Why a poll failed, each with its own message under `diagnostics.error`. */
export type DiagnosticsFailure = 'network' | 'http' | 'invalid';

export class DiagnosticsError extends Error {
  override readonly name = 'DiagnosticsError';

  constructor(
    readonly failure: DiagnosticsFailure,
    /** The HTTP status, or 0 when nothing came back. */
    readonly status = 0,
  ) {
    super(`diagnostics: ${failure}${status ? ` ${status}` : ''}`);
  }
}

/** `GET /api/diagnostics`: plain JSON like /healthz, not the API envelope, so it bypasses the API client. */
export async function getDiagnostics(signal?: AbortSignal): Promise<Diagnostics> {
  const timeout = AbortSignal.timeout(DIAGNOSTICS_TIMEOUT_MS);
  const response = await fetch('/api/diagnostics', {
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  }).catch(() => {
    throw new DiagnosticsError('network');
  });
  if (!response.ok) throw new DiagnosticsError('http', response.status);
  const body: unknown = await response.json().catch(() => null);
  // The server checks its answer against the protocol's Diagnostics schema before sending it. What else can arrive
  // is another server's page answering the path (a proxy, a static host's index.html): no JSON object at all.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DiagnosticsError('invalid', response.status);
  }
  return body as Diagnostics;
}

export const diagnosticsQueryOptions = queryOptions({
  queryKey: ['diagnostics'],
  queryFn: ({ signal }) => getDiagnostics(signal),
  refetchInterval: DIAGNOSTICS_POLL_MS,
  refetchIntervalInBackground: false,
  // The next poll is the retry.
  retry: false,
});

export function useDiagnostics() {
  return useQuery(diagnosticsQueryOptions);
}
