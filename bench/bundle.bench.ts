import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import type { Benchmark } from './run';
import { round } from './stats';

const ROUTE = '/trending';
const TARGET_KB = 170;
const webRoot = path.resolve(import.meta.dirname, '../apps/web');
const routesFile = path.join(webRoot, 'src/app/routes.ts');

type Part = 'entry' | 'page';
type Chunk = { file: string; part: Part; bytes: number; gzip_bytes: number };

/**
 * Initial JavaScript of /trending: what the browser must download before that page can render, gzipped.
 *
 * Counted, from a production build of apps/web (its own vite.config.ts, plus `build.manifest`):
 * - entry: the chunk index.html loads and every chunk it imports statically, transitively; these are exactly the
 *   files index.html names in its `<script>` and `<link rel="modulepreload">` tags. The router, the layout and the
 *   navigation guard (each route's loader) live here. The guard awaits no dynamic import (it waits on a timer and
 *   reads the wallet store); a dynamic import it awaited would belong in this list too.
 * - page: the route's lazy page chunk (the `page` import of /trending in app/routes.ts) and the chunks it imports
 *   statically, transitively, less those already in `entry`.
 * Not counted: chunks reached only through dynamic imports from these (the wallet SDK, dialogs, other pages,
 * the inactive language): they load after the first render or on demand. CSS, fonts and images are not JS.
 *
 * Each file is gzipped on its own with zlib level 9, as a static server would send it; the sizes are summed.
 * kB are 1,000 bytes, as Vite prints them. Target: ≤ 170 kB.
 */
const benchmark: Benchmark = {
  description: `initial JS of ${ROUTE}: entry chunk + static imports + the route's page chunk, gzip -9 (target ≤ ${TARGET_KB} kB)`,
  async run() {
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'floordesk-bundle-'));
    try {
      await build({ root: webRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
      const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const entry = staticClosure(manifest, entryKey(manifest));
      const page = [...staticClosure(manifest, await pageKey(manifest, ROUTE))].filter((key) => !entry.has(key));

      const chunks: Chunk[] = [];
      for (const [part, keys] of [
        ['entry', [...entry]],
        ['page', page],
      ] as const) {
        for (const key of keys) {
          const file = manifest[key]!.file;
          const content = await readFile(path.join(outDir, file));
          chunks.push({ file, part, bytes: content.length, gzip_bytes: gzipSync(content, { level: 9 }).length });
        }
      }
      console.table(
        chunks.map(({ file, part, bytes, gzip_bytes }) => ({ file, part, kb: kb(bytes), gzip_kb: kb(gzip_bytes) })),
      );

      const gzipOf = (part?: Part) =>
        kb(chunks.filter((chunk) => !part || chunk.part === part).reduce((sum, chunk) => sum + chunk.gzip_bytes, 0));
      return {
        figures: {
          initial_js_gzip_kb: gzipOf(),
          entry_js_gzip_kb: gzipOf('entry'),
          page_js_gzip_kb: gzipOf('page'),
          initial_js_files: chunks.length,
          target_kb: TARGET_KB,
        },
        details: { route: ROUTE, chunks },
      };
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  },
};

const kb = (bytes: number) => round(bytes / 1000, 1);

function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.isEntry);
  if (!key) throw new Error('the build has no entry chunk');
  return key;
}

/** `key` and every chunk it imports statically, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * The manifest key of the page module a route lazily imports. The route table is read as the app reads it; its
 * `page` is `() => import('<module>')`, whose specifier names the page's source file.
 */
async function pageKey(manifest: Manifest, routePath: string): Promise<string> {
  const { appRoutes } = (await import(routesFile)) as { appRoutes: readonly { path: string; page: () => unknown }[] };
  const route = appRoutes.find((candidate) => candidate.path === routePath);
  const specifier = route && /import\(\s*["'`]([^"'`]+)["'`]\s*\)/.exec(route.page.toString())?.[1];
  if (!specifier) throw new Error(`cannot read the page module of ${routePath} from ${routesFile}`);
  const source = path.relative(webRoot, path.resolve(path.dirname(routesFile), specifier));
  const key = ['', '.tsx', '.ts', '/index.tsx', '/index.ts']
    .map((suffix) => source + suffix)
    .find((candidate) => manifest[candidate]);
  if (!key) throw new Error(`the build has no chunk for ${source}, the page of ${routePath}`);
  return key;
}

export default benchmark;
