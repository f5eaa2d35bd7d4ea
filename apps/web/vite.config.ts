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
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|zustand|zod|use-sync-external-store)[\\/]/,
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
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true, ws: true },
    },
  },
});
