import { cp, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Devnet, startDevnet } from '@floordesk/devnet';
import { temporaryDataDir } from '../apps/server/src/db/embedded';

const ORIGIN = 'http://127.0.0.1:1';

/**
 * A devnet for a bench, started from a copy of a deployed snapshot kept under the OS temp dir: the first run
 * deploys (and compiles on a cold artifact cache), later runs only copy. startDevnet on the snapshot itself
 * redeploys it when the contracts or the catalog changed, so the copy is never stale.
 */
export async function startBenchDevnet(blockTimeSeconds: number): Promise<Devnet & { remove(): Promise<void> }> {
  const snapshot = path.join(tmpdir(), 'floordesk-bench', 'devnet-snapshot');
  await mkdir(snapshot, { recursive: true });
  const pristine = await startDevnet({
    dataDir: snapshot,
    origin: ORIGIN,
    blockTimeSeconds: 0,
    onProgress: (message) => console.log(`devnet: ${message}`),
  });
  await pristine.stop();

  const dir = await temporaryDataDir();
  await cp(snapshot, dir.path, { recursive: true });
  const devnet = await startDevnet({ dataDir: dir.path, origin: ORIGIN, blockTimeSeconds });
  return {
    ...devnet,
    async remove() {
      await devnet.stop();
      await dir.remove();
    },
  };
}
