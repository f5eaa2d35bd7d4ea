import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cacheKey, compile, hashSources, type CompileJob, type JobOutput } from './compile';

/** A job's cache file: its output and the key it was compiled under. */
export type CacheEntry = JobOutput & { key: string };

/**
 * A lock this old was left behind, even if its pid now names a running process (a reused pid). A compile takes
 * ~40 s on an idle machine but 2.5 min was measured on a busy 2-core one, and the holder cannot refresh the lock
 * meanwhile (solc blocks its event loop), so the margin is wide: a waiter that took over early would compile again.
 */
const STALE_LOCK_MS = 30 * 60_000;
const LOCK_POLL_MS = 250;

/**
 * Returns the job's cached output, compiling it first when the cache is missing or stale. Processes sharing the
 * cache directory compile one at a time; the ones that waited read what the first one wrote.
 */
export async function loadJob(
  job: CompileJob,
  cacheDir: string,
  onProgress?: (message: string) => void,
): Promise<CacheEntry> {
  const file = path.join(cacheDir, `${job.name}.json`);
  const cached = await readFresh(file, job);
  if (cached) return cached;

  await mkdir(cacheDir, { recursive: true });
  const onWait = (): void => onProgress?.(`Waiting for another process compiling ${file}…`);
  return withLock(`${file}.lock`, onWait, async () => {
    const written = await readFresh(file, job);
    if (written) return written;
    onProgress?.(job.progress);
    const output = await compile(job);
    const entry: CacheEntry = { key: cacheKey(job, output.sources), ...output };
    await writeAtomically(file, JSON.stringify(entry));
    return entry;
  });
}

/** Runs `critical` while holding the lock file, calling `onWait` once if another holder makes it wait. */
export async function withLock<T>(lockPath: string, onWait: () => void, critical: () => Promise<T>): Promise<T> {
  let waiting = false;
  for (;;) {
    if (await tryCreate(lockPath)) break;
    const state = await lockState(lockPath);
    if (state === 'free') continue;
    if (state === 'stale') {
      // Two waiters may both remove it and both compile; harmless, since both write the same output atomically.
      await rm(lockPath, { force: true });
      continue;
    }
    if (!waiting) onWait();
    waiting = true;
    await sleep(LOCK_POLL_MS);
  }
  try {
    return await critical();
  } finally {
    await rm(lockPath, { force: true });
  }
}

async function readFresh(file: string, job: CompileJob): Promise<CacheEntry | undefined> {
  let entry: CacheEntry;
  try {
    entry = JSON.parse(await readFile(file, 'utf8')) as CacheEntry;
  } catch (error) {
    if (isErrno(error, 'ENOENT') || error instanceof SyntaxError) return undefined;
    throw error;
  }
  // The recorded sources are exactly what solc read, so their current content decides whether the output holds.
  const sources = await hashSources(Object.keys(entry.sources));
  return sources && cacheKey(job, sources) === entry.key ? entry : undefined;
}

async function tryCreate(lockPath: string): Promise<boolean> {
  try {
    await writeFile(lockPath, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    throw error;
  }
}

async function lockState(lockPath: string): Promise<'free' | 'held' | 'stale'> {
  try {
    const [info, holder] = await Promise.all([stat(lockPath), readFile(lockPath, 'utf8')]);
    return Date.now() - info.mtimeMs > STALE_LOCK_MS || !isRunning(Number(holder)) ? 'stale' : 'held';
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return 'free';
    throw error;
  }
}

/** A dead holder (say, Ctrl-C during the first compile) frees the lock at once rather than after STALE_LOCK_MS. */
function isRunning(pid: number): boolean {
  // An empty file is a lock whose holder has not written its pid yet.
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return !isErrno(error, 'ESRCH');
  }
}

async function writeAtomically(file: string, data: string): Promise<void> {
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
