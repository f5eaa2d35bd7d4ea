import {
  collectionBySlug,
  collectionMetadata,
  coverImageSvg,
  hiddenImageSvg,
  hiddenMetadata,
  parseTokenId,
  tokenImageSvg,
  tokenMetadata,
  upcomingProjectBySlug,
} from '@floordesk/devnet';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

const CACHE_CONTROL = 'public, max-age=3600';

// Files the devnet contracts point at, not API calls: they stay out of the API docs.
const ROUTE_OPTIONS = { schema: { hide: true } };

/**
 * The tokenURI and image targets of the devnet collections, at the URLs the deployer writes into the contracts.
 * A token's metadata answers for every id in range, minted or not, as real metadata servers do. `origin` (the
 * configured one, never the request's Host) is the start of the URLs inside the documents.
 */
export const devnetAssetRoutes: FastifyPluginAsync<{ origin: string }> = async (app, { origin }) => {
  app.get<{ Params: { slug: string; id: string } }>(
    '/devnet/metadata/:slug/:id',
    ROUTE_OPTIONS,
    async (request, reply) => {
      const { slug, id } = request.params;
      const spec = collectionBySlug(slug);
      if (!spec) return notFound(reply);
      if (id === 'hidden') return sendAsset(reply, 'application/json', hiddenMetadata(spec, origin));
      if (id === 'collection') return sendAsset(reply, 'application/json', collectionMetadata(spec, origin));
      const tokenId = parseTokenId(spec, id);
      if (tokenId === undefined) return notFound(reply);
      return sendAsset(reply, 'application/json', tokenMetadata(spec, tokenId, origin));
    },
  );

  app.get<{ Params: { slug: string; file: string } }>(
    '/devnet/images/:slug/:file',
    ROUTE_OPTIONS,
    async (request, reply) => {
      const svg = imageSvg(request.params.slug, request.params.file);
      return svg === undefined ? notFound(reply) : sendAsset(reply, 'image/svg+xml', svg);
    },
  );
};

/** `<id>.svg` and `hidden.svg` of a catalog collection; `cover.svg` of one or of an upcoming project. */
function imageSvg(slug: string, file: string): string | undefined {
  if (file === 'cover.svg') {
    const subject = collectionBySlug(slug) ?? upcomingProjectBySlug(slug);
    return subject && coverImageSvg(subject);
  }
  const spec = collectionBySlug(slug);
  if (!spec) return undefined;
  if (file === 'hidden.svg') return hiddenImageSvg(spec);
  const tokenId = file.endsWith('.svg') ? parseTokenId(spec, file.slice(0, -'.svg'.length)) : undefined;
  return tokenId === undefined ? undefined : tokenImageSvg(spec, tokenId);
}

function sendAsset(reply: FastifyReply, contentType: string, body: unknown): FastifyReply {
  return reply.type(contentType).header('cache-control', CACHE_CONTROL).send(body);
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).send({ error: 'not found' });
}
