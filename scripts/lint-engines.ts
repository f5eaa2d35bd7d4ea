/**
 * `npm run lint`'s check that every package in package-lock.json runs on the oldest Node the root package.json
 * declares (scripts/engines.ts): prints each one that does not and fails if there is one.
 */
import path from 'node:path';
import { lockedEngineConflicts } from './engines';

const { minimum, conflicts } = await lockedEngineConflicts(path.resolve(import.meta.dirname, '..'));
for (const { path: where, version, node } of conflicts) console.error(`${where}@${version}: engines.node "${node}"`);
if (conflicts.length > 0) {
  console.error(
    `\n${conflicts.length} locked package(s) do not run on Node ${minimum}, the oldest package.json declares; ` +
      'pin a release that does (package.json "overrides").',
  );
  process.exit(1);
}
process.stdout.write(`Every locked package runs on Node ${minimum}.\n`);
