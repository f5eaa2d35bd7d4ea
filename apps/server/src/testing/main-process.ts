import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The server's main, as `npm start` runs it. */
const MAIN = path.join(import.meta.dirname, '..', 'main.ts');
const START_LIMIT_MS = 240_000;

export type MainProcess = {
  child: ChildProcess;
  origin: string;
  /** Every line the process wrote, stdout and stderr. */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILLs its process group if it is still running (a test that failed midway). */
  kill(): Promise<void>;
};

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts main.ts on loopback with `env` over this process's environment (`unset` names taken out of it), in a
 * process group of its own as a terminal gives `npm start`, and resolves once it prints its address.
 */
export async function startMain(env: NodeJS.ProcessEnv, unset: readonly string[] = []): Promise<MainProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env };
  for (const name of unset) delete childEnv[name];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const running = new Promise<string>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        lines.push(line);
        const address = /FloorDesk is running at (\S+)/.exec(line);
        if (address?.[1]) resolve(address[1]);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then(({ code }) => reject(new Error(`main exited with ${code} before it ran:\n${lines.join('\n')}`)));
    setTimeout(() => reject(new Error(`main did not start in ${START_LIMIT_MS} ms`)), START_LIMIT_MS).unref();
  });
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-(child.pid as number), 'SIGKILL');
    await exited;
  };
  try {
    return { child, origin: await running, lines, exited, kill };
  } catch (error) {
    await kill();
    throw error;
  }
}

/** Logged lines at pino's error level or above, and anything printed that is not a log line (a crash's trace). */
export function failures(lines: readonly string[]): string[] {
  return lines.filter((line) => {
    try {
      const entry = JSON.parse(line) as { level?: number };
      return typeof entry.level === 'number' && entry.level >= 50;
    } catch {
      return /error|uncaught|unhandled/i.test(line);
    }
  });
}
