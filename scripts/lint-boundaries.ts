/** `npm run lint`'s boundary check: prints every import that crosses a boundary and fails if there is one. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type SourceFile, violations } from './boundaries';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHECKED = ['apps/web/src', 'apps/server/src'];

async function sources(dir: string): Promise<SourceFile[]> {
  const entries = await readdir(path.join(ROOT, dir), { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name));
  return Promise.all(
    files.map(async (entry) => {
      const absolute = path.join(entry.parentPath, entry.name);
      return { path: path.relative(ROOT, absolute).split(path.sep).join('/'), text: await readFile(absolute, 'utf8') };
    }),
  );
}

const found = violations((await Promise.all(CHECKED.map(sources))).flat());
for (const { file, target, rule } of found) console.error(`${file}: imports ${target}\n  ✗ ${rule}`);
if (found.length > 0) {
  console.error(`\n${found.length} import(s) cross a boundary (docs/architecture.md, "Boundaries").`);
  process.exit(1);
}
process.stdout.write(`Boundaries hold in ${CHECKED.join(', ')}.\n`);
