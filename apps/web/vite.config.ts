import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import rootPackage from '../../package.json' with { type: 'json' };

const apiServer = 'http://127.0.0.1:8080';

/** The product's one version (src/lib/app-version.ts), chosen as the server chooses the one it reports. */
export const appVersionDefine = { FLOORDESK_VERSION: JSON.stringify(process.env.BUILD_VERSION || rootPackage.version) };

/**
 * With `modulePreload: false`, index.html still names the chunks the entry imports, so the first page fetches them
 * at once rather than after reading the entry.
 */
function preloadEntryImports(): Plugin {
  return {
    name: 'floordesk:preload-entry-imports',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { chunk }) =>
        (chunk?.imports ?? []).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        })),
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadEntryImports()],
  define: appVersionDefine,
  build: {
    // No preload lists for lazy pages: a page fetches its own imports when it runs (one more round trip on its
    // first visit, about a millisecond on a self-hosted FloorDesk) instead of the first page carrying every page's
    // list of chunks and the helper that reads them (1.8 kB gzip with 20 pages, measured). The entry's own imports
    // are still preloaded from index.html (preloadEntryImports).
    modulePreload: false,
    rolldownOptions: {
      // wagmi/chains re-exports every chain, Tempo's among them, whose salt-mining worker pool imports
      // node:worker_threads when it runs under Node; none of it reaches the bundle (tree-shaken), but resolving it for
      // the browser made every build warn. Named external, it is left unresolved, as it is never run here.
      external: ['node:worker_threads'],
      output: {
        codeSplitting: {
          groups: [
            // What every page runs on, as one file that stays cached across releases. Left alone, these split
            // into half a dozen chunks shared by the entry and the lazy pages: 2 kB more gzip, more requests.
            // Only the app's own copies (the first node_modules in the path): a dependency's nested copy, such as
            // wagmi's zustand, stays with the lazy code that uses it. clsx joins it: alone
            // it was one more file of the first page.
            {
              name: 'framework',
              test: /^(?:(?!node_modules).)*node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|zustand|use-sync-external-store|clsx)[\\/]/,
            },
            // Radix and what it runs on, which the menus, popovers, tooltips and dialogs load after the first render
            // (lib/lazy-component): one request instead of a dozen small ones.
            {
              name: 'radix',
              test: /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // `ws` carries the live-notification MQTT socket that later issues mount under /api.
      '/api': { target: apiServer, changeOrigin: true, ws: true },
      // The devnet wallet's node; /rpc checks the Host it is addressed to, so the proxy names the API server.
      '/rpc': { target: apiServer, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true, ws: true },
    },
  },
});
