/**
 * Every locked package runs on the oldest Node the project declares (checked by `npm run lint`). npm only warns
 * (EBADENGINE) when a dependency's newest release needs a later Node, and a refreshed lockfile can pull one in
 * unnoticed; an `overrides` entry in package.json pins such a dependency to a release that still runs.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';

/** The parts of package-lock.json this check reads: each package's path in node_modules and its engines. */
export type Lockfile = { packages: Record<string, { version?: string; engines?: unknown }> };

export type EngineConflict = { path: string; version: string | undefined; node: string };

/**
 * The Node range of a package's `engines`: the object form `{ node: '>=18' }`, or the old array form
 * `['node >= 6.0']` some packages still publish; null when it names none.
 */
export function nodeRange(engines: unknown): string | null {
  if (Array.isArray(engines)) {
    const entry = engines.find((item): item is string => typeof item === 'string' && /^node\b/.test(item));
    return entry === undefined ? null : entry.replace(/^node\s*/, '');
  }
  if (typeof engines === 'object' && engines !== null && 'node' in engines && typeof engines.node === 'string') {
    return engines.node;
  }
  return null;
}

/** The oldest Node release `declared` (the root package.json's `engines.node`) admits. */
export function declaredMinimum(declared: string): string {
  const minimum = semver.minVersion(declared);
  if (minimum === null) throw new Error(`engines.node "${declared}" admits no Node release`);
  return minimum.version;
}

/** Every locked package whose Node range leaves out `minimum` (an unreadable range counts as leaving it out). */
export function enginesExcluding(lockfile: Lockfile, minimum: string): EngineConflict[] {
  const conflicts: EngineConflict[] = [];
  for (const [where, entry] of Object.entries(lockfile.packages)) {
    const node = nodeRange(entry.engines);
    if (node !== null && !semver.satisfies(minimum, node))
      conflicts.push({ path: where, version: entry.version, node });
  }
  return conflicts;
}

/** The oldest Node the repository at `root` declares, and the locked packages that leave it out. */
export async function lockedEngineConflicts(root: string): Promise<{ minimum: string; conflicts: EngineConflict[] }> {
  const readJson = async (file: string): Promise<unknown> => JSON.parse(await readFile(path.join(root, file), 'utf8'));
  const manifest = (await readJson('package.json')) as { engines: { node: string } };
  const minimum = declaredMinimum(manifest.engines.node);
  return { minimum, conflicts: enginesExcluding((await readJson('package-lock.json')) as Lockfile, minimum) };
}
