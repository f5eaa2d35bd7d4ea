import { Status } from '@floordesk/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { sendRefusal } from './envelope';
import { fieldError } from './field-errors';
import { requestLang } from './lang';

/** Every error the framework raises becomes an envelope in the caller's language; anything unforeseen is a bug. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const lang = requestLang(request);
      const fields = error.validation.map((issue) => fieldError(issue, lang));
      return sendRefusal(request, reply, Status.BadRequest, fields);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendRefusal(request, reply, Status.PayloadTooLarge);
    // Raised by @fastify/rate-limit.
    if (error.statusCode === 429) return sendRefusal(request, reply, Status.RateLimited);
    // The body parser's refusals: not JSON, empty JSON, unsupported content type, bad content length.
    if (error.code?.startsWith('FST_ERR_CTP_')) return sendRefusal(request, reply, Status.BadRequest);
    request.log.error({ err: error }, 'unhandled error');
    return sendRefusal(request, reply, Status.Internal);
  });
}

export function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendRefusal(request, reply, Status.NotFound);
}
