import { z } from 'zod';
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS } from './constants';
import { type ApiName, apiRoutes } from './routes';

const API_NAMES = Object.keys(apiRoutes) as [ApiName, ...ApiName[]];

/**
 * An error the web app met, for the operator's logs and metrics. Who reported it comes from the session, when the
 * report carries one, never from the body.
 */
export const ClientErrorReport = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  /** The wallet's error code, or the failed call's envelope or HTTP status; null when there was none. */
  code: z
    .number()
    .int()
    .min(-(2 ** 31))
    .max(2 ** 31 - 1)
    .nullable(),
  message: z.string().max(CLIENT_ERROR_LIMITS.message),
  /** The API call that failed; absent for wallet errors. */
  call: z.enum(API_NAMES).optional(),
  /** The page's path, without its query. */
  route: z.string().max(CLIENT_ERROR_LIMITS.route),
  /** The web app's version. */
  version: z.string().max(CLIENT_ERROR_LIMITS.version),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;
