import { type Envelope, type FieldError, type Lang, Status, type StatusCode, statusMessage } from '@floordesk/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RefusalStatus } from '../result';
import { requestLang } from './lang';

/**
 * Handled refusals answer HTTP 200 (the original app's API convention: the status lives in the envelope); statuses
 * 400–599 stand for an HTTP error and are its code.
 */
function httpCode(status: StatusCode): number {
  return status >= 400 && status < 600 ? status : 200;
}

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
  return reply.code(httpCode(status)).send(envelope);
}
