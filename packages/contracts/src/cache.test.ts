import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { withLock, type CacheEntry } from './cache';
import { cacheKey, hashSources, JOBS } from './compile';
import { DEFAULT_CACHE_DIR, loadArtifacts, type Artifacts } from './index';

const COMPILING_OURS = 'Compiling FloorDesk test contracts…';

let scratch: string;
let reference: Artifacts;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'floordesk-contracts-'));
  // Compiles only on a cold checkout; other test files share the default cache through its lock.
  reference = await loadArtifacts();
});

afterAll(() => rm(scratch, { recursive: true, force: true }));

/** A private copy of the warm default cache, so that no test here compiles Seaport again. */
async function warmCacheCopy(name: string): Promise<string> {
  const cacheDir = path.join(scratch, name);
  await cp(DEFAULT_CACHE_DIR, cacheDir, { recursive: true, filter: (source) => !/\.(lock|tmp)$/.test(source) });
  return cacheDir;
}

async function editEntry(cacheDir: string, edit: (entry: CacheEntry) => void): Promise<void> {
  const file = path.join(cacheDir, 'floordesk.json');
  const entry = JSON.parse(await readFile(file, 'utf8')) as CacheEntry;
  edit(entry);
  await writeFile(file, JSON.stringify(entry));
}

describe('loadArtifacts', () => {
  test('reads a warm cache in milliseconds, without compiling', async () => {
    const cacheDir = await warmCacheCopy('warm');
    const onProgress = vi.fn<(message: string) => void>();

    const started = performance.now();
    const artifacts = await loadArtifacts({ cacheDir, onProgress });

    expect(performance.now() - started).toBeLessThan(1000);
    expect(onProgress).not.toHaveBeenCalled();
    expect(artifacts).toEqual(reference);
  });

  test('recompiles only the job whose key changed', async () => {
    const cacheDir = await warmCacheCopy('changed-key');
    await editEntry(cacheDir, (entry) => {
      entry.key = '0'.repeat(64);
    });
    const onProgress = vi.fn<(message: string) => void>();

    const artifacts = await loadArtifacts({ cacheDir, onProgress });

    expect(onProgress.mock.calls).toEqual([[COMPILING_OURS]]);
    // solc is deterministic, so the same sources give the same artifacts and key again.
    expect(artifacts).toEqual(reference);
  });

  test('compiles once for concurrent callers on a cold cache', async () => {
    const cacheDir = await warmCacheCopy('concurrent');
    await rm(path.join(cacheDir, 'floordesk.json'));
    const messages: string[] = [];
    const onProgress = (message: string): void => {
      messages.push(message);
    };

    const [first, second] = await Promise.all([
      loadArtifacts({ cacheDir, onProgress }),
      loadArtifacts({ cacheDir, onProgress }),
    ]);

    expect(messages.filter((message) => message === COMPILING_OURS)).toHaveLength(1);
    expect(messages.filter((message) => message.startsWith('Waiting for another process'))).toHaveLength(1);
    expect(first).toEqual(reference);
    expect(second).toEqual(reference);
  });
});

describe('cache key', () => {
  const job = JOBS[1]!;

  test('changes with the content of any source', () => {
    expect(cacheKey(job, { 'a.sol': 'aa', 'b.sol': 'bb' })).not.toBe(cacheKey(job, { 'a.sol': 'aa', 'b.sol': 'bc' }));
    expect(cacheKey(job, { 'a.sol': 'aa', 'b.sol': 'bb' })).toBe(cacheKey(job, { 'b.sol': 'bb', 'a.sol': 'aa' }));
  });

  test("changes with the job's compiler", () => {
    const sources = { 'a.sol': 'aa' };
    expect(cacheKey({ ...job, compiler: 'solc' }, sources)).not.toBe(
      cacheKey({ ...job, compiler: 'solc-0.8.17' }, sources),
    );
  });

  test('is unknowable when a recorded source is gone', async () => {
    expect(await hashSources(['@openzeppelin/contracts/access/Ownable.sol'])).toEqual({
      '@openzeppelin/contracts/access/Ownable.sol': expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await hashSources(['floordesk/Missing.sol'])).toBeUndefined();
    expect(await hashSources(['no-such-package/Missing.sol'])).toBeUndefined();
  });
});

describe('withLock', () => {
  test('runs one holder at a time and tells the waiter once', async () => {
    const lockPath = path.join(scratch, 'serial.lock');
    const events: string[] = [];
    const hold = (name: string) => async () => {
      events.push(`${name} in`);
      await sleep(600);
      events.push(`${name} out`);
    };
    const onWait = vi.fn<() => void>();

    const first = withLock(lockPath, () => events.push('a waits'), hold('a'));
    await sleep(50);
    await Promise.all([first, withLock(lockPath, onWait, hold('b'))]);

    expect(events).toEqual(['a in', 'a out', 'b in', 'b out']);
    expect(onWait).toHaveBeenCalledTimes(1);
    await expect(stat(lockPath)).rejects.toThrow(/ENOENT/);
  });

  test('takes over at once a lock whose holder has exited', async () => {
    const lockPath = path.join(scratch, 'dead.lock');
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    await writeFile(lockPath, String(pid));
    const onWait = vi.fn<() => void>();

    await expect(withLock(lockPath, onWait, async () => 'held')).resolves.toBe('held');
    expect(onWait).not.toHaveBeenCalled();
  });

  test('waits for a running holder that has compiled for minutes, as on a busy machine', async () => {
    const lockPath = path.join(scratch, 'slow.lock');
    await writeFile(lockPath, String(process.pid));
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000);
    await utimes(lockPath, sixMinutesAgo, sixMinutesAgo);
    const onWait = vi.fn<() => void>();

    const waiter = withLock(lockPath, onWait, async () => 'held');
    await sleep(600);
    expect(onWait).toHaveBeenCalledTimes(1);
    await rm(lockPath);
    await expect(waiter).resolves.toBe('held');
  });

  test('takes over a lock older than thirty minutes', async () => {
    const lockPath = path.join(scratch, 'old.lock');
    await writeFile(lockPath, String(process.pid));
    const anHourAgo = new Date(Date.now() - 60 * 60_000);
    await utimes(lockPath, anHourAgo, anHourAgo);
    const onWait = vi.fn<() => void>();

    await expect(withLock(lockPath, onWait, async () => 'held')).resolves.toBe('held');
    expect(onWait).not.toHaveBeenCalled();
  });
});
