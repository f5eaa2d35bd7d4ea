import type { FastifyPluginAsync, FastifyReply } from 'fastify';

const CACHE_CONTROL = 'public, max-age=3600';

// Files the devnet contracts point at, not API calls: they stay out of the API docs.
const ROUTE_OPTIONS = { schema: { hide: true } };

/**
 * The devnet's token files by collection slug: a token's (or `hidden`, or `collection`) metadata document, an image's
 * SVG; undefined when there is no such file. The devnet composition (devnet.ts) provides them.
 */
export type DevnetAssets = {
  metadata(slug: string, id: string): object | undefined;
  image(slug: string, file: string): string | undefined;
};

/**
 * The tokenURI and image targets of the devnet collections, at the URLs the deployer writes into the contracts.
 * The documents' URLs start with the configured origin, never the request's Host.
 */
export const devnetAssetRoutes: FastifyPluginAsync<{ assets: DevnetAssets }> = async (app, { assets }) => {
  app.get<{ Params: { slug: string; id: string } }>(
    '/devnet/metadata/:slug/:id',
    ROUTE_OPTIONS,
    async (request, reply) => {
      const metadata = assets.metadata(request.params.slug, request.params.id);
      return metadata === undefined ? notFound(reply) : sendAsset(reply, 'application/json', metadata);
    },
  );

  app.get<{ Params: { slug: string; file: string } }>(
    '/devnet/images/:slug/:file',
    ROUTE_OPTIONS,
    async (request, reply) => {
      const svg = assets.image(request.params.slug, request.params.file);
      return svg === undefined ? notFound(reply) : sendAsset(reply, 'image/svg+xml', svg);
    },
  );
};

function sendAsset(reply: FastifyReply, contentType: string, body: unknown): FastifyReply {
  return reply.type(contentType).header('cache-control', CACHE_CONTROL).send(body);
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).send({ error: 'not found' });
}
