import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { endpoints, LANGS } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { ResolvedChat } from '../../chat/resolve';
import type { AppContext } from '../../context';
import { requestLang } from '../../http/lang';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import { whatsNew } from './whats-new';

/** The repository's own guide, one file per language: what HOW TO USE opens when HOW_TO_USE_URL is unset. */
const GUIDE_FILES = {
  en: path.resolve(import.meta.dirname, '../../../../../docs/guide.md'),
  zh: path.resolve(import.meta.dirname, '../../../../../docs/guide.zh.md'),
};

/**
 * `devnet`: this server runs its own devnet, so the web app may offer the wallet built into the page. `chat`: where
 * the community chat is (its invite), when there is one.
 */
export function registerAppRoutes(
  app: FastifyInstance,
  { config }: AppContext,
  { devnet, chat }: { devnet: boolean; chat: ResolvedChat | undefined },
): void {
  const links = {
    how_to_use: { en: config.links.howToUse ?? '/guide/en', zh: config.links.howToUse ?? '/guide/zh' },
    chat: chat?.inviteUrl ?? '',
    social: config.links.social ?? '',
  };
  registerEndpoint(app, endpoints.appConfig, async () =>
    ok({
      chain_id: config.chainId,
      chain_name: config.chainName,
      devnet_wallet: devnet,
      listings_source: devnet ? 'devnet' : Object.keys(config.marketplaceApis).length > 0 ? 'marketplace_apis' : 'none',
      version: config.version,
      links,
    }),
  );
  registerEndpoint(app, endpoints.whatsNew, async ({ request }) => ok(whatsNew(config.version, requestLang(request))));
  // Markdown as plain text: readable as it is in any browser, and nothing to render or sanitise.
  app.get<{ Params: { lang: string } }>('/guide/:lang', { schema: { hide: true } }, async (request, reply) => {
    const lang = LANGS.find((candidate) => candidate === request.params.lang);
    if (!lang) return reply.redirect(`/guide/${requestLang(request)}`);
    return reply.type('text/plain; charset=utf-8').send(await readFile(GUIDE_FILES[lang], 'utf8'));
  });
}
