import type { RateLimitOptions } from '@fastify/rate-limit';
import { type Endpoint, ErrorEnvelope, okEnvelope } from '@floordesk/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Session } from '../modules/auth/service';
import type { Result } from '../result';
import { sendData, sendRefusal } from './envelope';
import { SESSION_SECURITY } from './openapi';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

type EndpointInput<E extends Endpoint> = {
  body: Parsed<E['body']>;
  query: Parsed<E['query']>;
  session: E['auth'] extends true ? Session : null;
  request: FastifyRequest;
};

type EndpointHandler<E extends Endpoint> = (input: EndpointInput<E>) => Promise<Result<z.output<E['data']>>>;

type EndpointOptions = { rateLimit?: Pick<RateLimitOptions, 'max' | 'timeWindow'> };

/**
 * Registers one entry of the protocol's `endpoints` table: its schemas validate the request and the response
 * and document both in OpenAPI; the handler returns a Result and this wraps it in the envelope.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void {
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
        // Refusals are answered with HTTP 200 too (ARCHITECTURE §4).
        200: z.union([okEnvelope(endpoint.data), ErrorEnvelope]),
        '4xx': ErrorEnvelope,
        '5xx': ErrorEnvelope,
      },
    },
    config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
    preHandler: endpoint.auth ? [app.requireSession] : [],
    handler: async (request, reply) => {
      // The schemas above have validated body and query, and requireSession has set the session.
      const input = {
        body: endpoint.body ? request.body : undefined,
        query: endpoint.query ? request.query : undefined,
        session: request.session,
        request,
      } as EndpointInput<E>;
      const result = await handler(input);
      return result.ok ? sendData(request, reply, result.value) : sendRefusal(request, reply, result.status);
    },
  });
}
