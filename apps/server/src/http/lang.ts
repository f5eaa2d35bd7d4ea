import { LANG_HEADER, type Lang, parseLang } from '@floordesk/protocol';
import type { FastifyRequest } from 'fastify';

/** The caller's language: the client's `x-lang` setting wins over the browser's Accept-Language. */
export function requestLang(request: FastifyRequest): Lang {
  const chosen = request.headers[LANG_HEADER];
  return parseLang(typeof chosen === 'string' ? chosen : request.headers['accept-language']);
}
