import { type Envelope, type FieldError, type Lang, Status, type StatusCode, statusMessage } from '@floordesk/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RefusalStatus } from '../result';
import { requestLang } from './lang';

/** Handled refusals answer HTTP 200 (ARCHITECTURE §4); these statuses stand for an HTTP error and carry its code. */
const HTTP_CODES: Partial<Record<StatusCode, number>> = {
  [Status.BadRequest]: 400,
  [Status.NotFound]: 404,
  [Status.PayloadTooLarge]: 413,
  [Status.RateLimited]: 429,
  [Status.Internal]: 500,
};

export function dataEnvelope<T>(data: T, lang: Lang): Envelope<T> {
  return { status: Status.Ok, msg: statusMessage(Status.Ok, lang), data };
}

export function sendData<T>(request: FastifyRequest, reply: FastifyReply, data: T): FastifyReply {
  return reply.code(200).send(dataEnvelope(data, requestLang(request)));
}

export function sendRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  status: RefusalStatus,
  fields?: FieldError[],
): FastifyReply {
  const envelope: Envelope<{ fields: FieldError[] } | null> = {
    status,
    msg: statusMessage(status, requestLang(request)),
    data: fields === undefined ? null : { fields },
  };
  return reply.code(HTTP_CODES[status] ?? 200).send(envelope);
}
