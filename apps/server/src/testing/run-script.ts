import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/** The repository's root folder. */
export const ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * One of the repository's command-line entry points (a path from the repository's root) run as its user runs it,
 * in a process of its own through tsx: its exit code and what it printed. An `env` value of undefined unsets it.
 */
export async function runScript(
  script: string,
  args: readonly string[],
  { cwd = ROOT, env = process.env }: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, script), ...args], {
    cwd,
    env,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}
