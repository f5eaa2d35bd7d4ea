/**
 * `npm run lint`'s check that the repository stands alone: reads every file git tracks or would track (untracked
 * but not ignored, so a new file is checked before its commit), prints each line that refers to something outside
 * the repository and fails if there is one.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { outsideReferences, type TextFile } from './self-contained';

const ROOT = path.resolve(import.meta.dirname, '..');

const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const paths = listed.split('\0').filter((file) => file !== '' && !file.split('/').includes('node_modules'));

/** A file's text, or null for one deleted in the working tree or binary (a NUL byte): neither has lines to read. */
async function text(file: string): Promise<string | null> {
  const bytes = await readFile(path.join(ROOT, file)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  return bytes === null || bytes.includes(0) ? null : bytes.toString('utf8');
}

const files = (await Promise.all(paths.map(async (file) => ({ path: file, text: await text(file) })))).filter(
  (file): file is TextFile => file.text !== null,
);

const found = outsideReferences(files);
for (const { file, line, text: quoted, rule } of found) console.error(`${file}:${line}: ${quoted}\n  ✗ ${rule}`);
if (found.length > 0) {
  console.error(`\n${found.length} line(s) refer to something outside the repository (scripts/self-contained.ts).`);
  process.exit(1);
}
process.stdout.write(`The repository stands alone: ${files.length} files refer to nothing outside it.\n`);
