import { apiRoutes } from '@floordesk/protocol';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const API_PATHS: ReadonlySet<string> = new Set(Object.values(apiRoutes).map((route) => route.path));

/**
 * One line per answered request, instead of Fastify's two: at info for calls of the API's endpoints, which is what
 * an operator follows; at debug for everything else the server answers (the web app's files, devnet token
 * metadata and images, the wallet's /rpc, /metrics, /healthz, unknown paths), which would bury them.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (API_PATHS.has(request.routeOptions.url ?? '')) request.log.info(line, 'api call');
    else request.log.debug(line, 'request');
  });
}

/** Fastify's own lines per request ("incoming request", "request completed") give way to the one above; its lines about errors stay. */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }
}
