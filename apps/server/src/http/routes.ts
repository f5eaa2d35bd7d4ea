import type { RateLimitOptions } from '@fastify/rate-limit';
import { type Endpoint, ErrorEnvelope, type Lang, okEnvelope, statusMessage } from '@floordesk/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Session } from '../modules/auth/service';
import type { Result } from '../result';
import { dataEnvelope, sendData, sendRefusal } from './envelope';
import { requestLang } from './lang';
import { SESSION_SECURITY } from './openapi';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

type EndpointInput<E extends Endpoint> = {
  body: Parsed<E['body']>;
  query: Parsed<E['query']>;
  session: E['auth'] extends true ? Session : null;
  request: FastifyRequest;
};

type EndpointHandler<E extends Endpoint> = (input: EndpointInput<E>) => Promise<Result<z.output<E['data']>>>;

type EndpointOptions = {
  rateLimit?: Pick<RateLimitOptions, 'max' | 'timeWindow'>;
  /**
   * The handler answers with one data object for as long as it holds (a cache): its envelope is encoded and
   * serialized once per language, and that JSON sent again, instead of encoding the same object for every request.
   */
  serializeOnce?: boolean;
  /**
   * For a data schema without codecs, transforms or defaults (where both check the same rules and give the same
   * JSON): validates the answer by parsing it rather than encoding it. zod's encode runs every field that has rules
   * twice, once without them and once with them, which made validating a portfolio's 1,500 items 3x slower.
   */
  parseResponse?: boolean;
  /** The largest body the route reads, in bytes, where the server's own limit is too small for it (a batch). */
  bodyLimit?: number;
};

/**
 * Registers one entry of the protocol's `endpoints` table: its schemas validate the request and the response
 * and document both in OpenAPI; the handler returns a Result and this wraps it in the envelope, a refusal's field as
 * `data.fields`.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void {
  const response = z.union([okEnvelope(endpoint.data), ErrorEnvelope]);
  const sendOnce = options.serializeOnce ? onceSerializer(response, endpoint) : undefined;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.auth && { security: SESSION_SECURITY }),
      ...(endpoint.body && { body: endpoint.body }),
      ...(endpoint.query && { querystring: endpoint.query }),
      response: {
        // Refusals are answered with HTTP 200 too: their status lives in the envelope.
        200: response,
        '4xx': ErrorEnvelope,
        '5xx': ErrorEnvelope,
      },
    },
    ...(options.parseResponse && { serializerCompiler: parsingSerializerCompiler }),
    ...(options.bodyLimit !== undefined && { bodyLimit: options.bodyLimit }),
    config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
    preHandler: [
      ...(endpoint.auth ? [app.requireSession] : []),
      ...('operator' in endpoint && endpoint.operator ? [app.requireOperator] : []),
    ],
    handler: async (request, reply) => {
      // The schemas above have validated body and query, and requireSession has set the session.
      const input = {
        body: endpoint.body ? request.body : undefined,
        query: endpoint.query ? request.query : undefined,
        session: request.session,
        request,
      } as EndpointInput<E>;
      const result = await handler(input);
      if (!result.ok) {
        // A refusal that names the item at fault says it as a field error, in the caller's language.
        const fields =
          result.field === undefined
            ? undefined
            : [{ path: result.field, message: statusMessage(result.status, requestLang(request)) }];
        return sendRefusal(request, reply, result.status, fields);
      }
      const data: unknown = result.value;
      return sendOnce && typeof data === 'object' && data !== null
        ? sendOnce(request, reply, data)
        : sendData(request, reply, data);
    },
  });
}

/** fastify-type-provider-zod's serializer compiler with zod's parse in place of its encode (`parseResponse`). */
const parsingSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  // Fastify compiles each response schema above on its own, whatever the route-level type says.
  const response = schema as z.ZodType;
  return (data) => {
    const result = response.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/** Sends the envelope of a data object as JSON made by the route's own serializer, once per object and language. */
function onceSerializer(response: z.ZodType, endpoint: Endpoint) {
  const serialize = serializerCompiler({ schema: response, method: endpoint.method, url: endpoint.path });
  const serialized = new WeakMap<object, Map<Lang, string>>();
  return (request: FastifyRequest, reply: FastifyReply, data: object): FastifyReply => {
    const lang = requestLang(request);
    const byLang = serialized.get(data) ?? new Map<Lang, string>();
    serialized.set(data, byLang);
    let json = byLang.get(lang);
    if (json === undefined) {
      json = serialize(dataEnvelope(data, lang));
      byLang.set(lang, json);
    }
    return reply.code(200).type('application/json; charset=utf-8').send(json);
  };
}
