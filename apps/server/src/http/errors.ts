import { Status } from '@floordesk/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { RefusalStatus } from '../result';
import { sendRefusal } from './envelope';
import { fieldError } from './field-errors';
import { requestLang } from './lang';

/** The statuses of the HTTP errors a client can cause; any other 4xx answers as a bad request. */
const CLIENT_ERRORS: ReadonlyMap<number, RefusalStatus> = new Map([
  [400, Status.BadRequest],
  [403, Status.Forbidden],
  [404, Status.NotFound],
  [412, Status.PreconditionFailed],
  [413, Status.PayloadTooLarge],
  [414, Status.UriTooLong],
  [415, Status.UnsupportedMediaType],
  [416, Status.RangeNotSatisfiable],
  [429, Status.RateLimited],
]);

/**
 * Every error the framework raises becomes an envelope in the caller's language. One with a 4xx status code (the
 * body parser's, the rate limit's, the static file server's refusals) is the client's doing: it answers that code
 * and is logged at debug only. Anything else is a bug.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { headers?: Record<string, string> }, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const lang = requestLang(request);
      const fields = error.validation.map((issue) => fieldError(issue, lang));
      return sendRefusal(request, reply, Status.BadRequest, fields);
    }
    const code = error.statusCode ?? 500;
    if (code >= 400 && code < 500) {
      request.log.debug({ err: error }, 'refused');
      // Such as a 416's Content-Range, which tells the client what it may ask for.
      if (error.headers) reply.headers(error.headers);
      return sendRefusal(request, reply, CLIENT_ERRORS.get(code) ?? Status.BadRequest);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendRefusal(request, reply, Status.Internal);
  });
}

/** Fastify's own refusals before routing (a URL it cannot decode), as the 400 envelope. */
export function frameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  sendRefusal(request, reply, Status.BadRequest);
}

export function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendRefusal(request, reply, Status.NotFound);
}
