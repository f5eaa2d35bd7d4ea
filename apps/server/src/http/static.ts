import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app from `root` when there is one. Its hashed /assets/* never change, so they are cached
 * for good; everything else (index.html first) is revalidated, so a deploy reaches the browser on the next load.
 * Unknown pages get index.html and the client router shows them (or its 404); unknown /api calls get the 404
 * envelope.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.setNotFoundHandler(notFound);
    return;
  }
  const assets = path.join(root, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root,
    setHeaders: (reply, file) => reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE : 'no-cache'),
  });
  app.setNotFoundHandler((request, reply) =>
    isPageRequest(request) ? reply.sendFile('index.html') : notFound(request, reply),
  );
}

function isPageRequest(request: FastifyRequest): boolean {
  const isApi = request.url === '/api' || request.url.startsWith('/api/');
  return (request.method === 'GET' || request.method === 'HEAD') && !isApi;
}
