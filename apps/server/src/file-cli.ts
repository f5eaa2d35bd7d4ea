import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The one FILE argument of a command-line tool run as `npm run -s NAME -- FILE`: its text, or the exit code after
 * the usage (asked for, or a wrong argument list) or the read failure is on stderr. FILE is relative to where npm
 * ran, not to the workspace npm runs the script in.
 */
export async function readFileArgument(
  name: string,
  usage: string,
  args: readonly string[],
): Promise<{ file: string; text: string } | { exitCode: number }> {
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    process.stderr.write(`${usage}\n`);
    return { exitCode: args.length === 1 ? 0 : 1 };
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  try {
    return { file, text: await readFile(file, 'utf8') };
  } catch (error) {
    process.stderr.write(`${name}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
    return { exitCode: 1 };
  }
}
