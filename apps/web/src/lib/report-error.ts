import {
  CLIENT_ERROR_LIMITS,
  type ClientErrorKind,
  type ClientErrorReport,
  ERROR_NOTICE_THROTTLE_MS,
} from '@floordesk/protocol';
import { createThrottle } from './throttle';

/** What the place that met an error knows of it; the reporter adds the page and the app's version. */
export type ErrorReport = Pick<ClientErrorReport, 'kind' | 'code' | 'message' | 'call'>;

export type ErrorReporterDeps = {
  /** Sends one report to the server (POST /api/client/errors); its failure is dropped. */
  send: (report: ClientErrorReport) => Promise<unknown>;
  /** The page's path, without its query. */
  route: () => string;
  version: string;
  now: () => number;
};

const INT32 = 2 ** 31;

/**
 * Reports errors to the server: fire and forget, at most one of each kind per 3 s, its texts
 * cut to what the server takes. A report that fails is dropped: it is never itself reported, retried or shown.
 */
export function createErrorReporter({ send, route, version, now }: ErrorReporterDeps): (report: ErrorReport) => void {
  const gates = new Map<ClientErrorKind, () => boolean>();
  return ({ kind, code, message, call }) => {
    let gate = gates.get(kind);
    if (!gate) gates.set(kind, (gate = createThrottle(ERROR_NOTICE_THROTTLE_MS, now)));
    if (!gate()) return;
    send({
      kind,
      // A wallet may use any number as its code; the server takes 32-bit integers.
      code: code !== null && Number.isInteger(code) && Math.abs(code) < INT32 ? code : null,
      message: message.slice(0, CLIENT_ERROR_LIMITS.message),
      ...(call && { call }),
      route: route().slice(0, CLIENT_ERROR_LIMITS.route),
      version: version.slice(0, CLIENT_ERROR_LIMITS.version),
    }).catch(() => undefined);
  };
}
