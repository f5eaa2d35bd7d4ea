import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs on, as one file that stays cached across releases. Left alone, these split
            // into half a dozen chunks shared by the entry and the lazy pages: 2 kB more gzip, more requests.
            // Only the app's own copies (the first node_modules in the path): a dependency's nested copy, such as
            // wagmi's zustand, stays with the lazy code that uses it.
            {
              name: 'framework',
              test: /^(?:(?!node_modules).)*node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/,
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
