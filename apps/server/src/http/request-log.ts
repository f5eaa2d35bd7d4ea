import { apiRoutes } from '@floordesk/protocol';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const API_PATHS: ReadonlySet<string> = new Set(Object.values(apiRoutes).map((route) => route.path));

/** Errors a response stream ends with when the client went away (a navigation, a closed tab), not the server. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * One line per answered request, instead of Fastify's two. At info the API calls that change something (any method
 * but GET and HEAD) and those refused (HTTP 4xx), which is what an operator follows; at debug the reads, which the web
 * app repeats every few seconds (the gas price, the chat, trending), and everything else the server answers (the web
 * app's files, devnet token metadata and images, the wallet's /rpc, /metrics, /healthz, unknown paths).
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    const read = request.method === 'GET' || request.method === 'HEAD';
    const followed = API_PATHS.has(request.routeOptions.url ?? '') && (!read || reply.statusCode >= 400);
    if (followed) request.log.info(line, 'api call');
    else request.log.debug(line, 'request');
  });
}

/**
 * Fastify's own lines per request ("incoming request", "request completed") give way to the one above; its lines
 * about errors stay, but for a client that left before its response ended.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }

  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
    if (CLIENT_GONE.has(error.code ?? '') || request.raw.destroyed) {
      request.log.debug({ url: request.url, code: error.code }, 'the client left before the response ended');
    } else {
      super.streamError(error, request, reply);
    }
  }
}
