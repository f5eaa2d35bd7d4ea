import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadArtifacts } from '@floordesk/contracts';
import { type Anvil, startAnvil } from './anvil';
import { COLLECTIONS } from './catalog';
import { type DevnetManifest, deployDevnet, repointTokenUris } from './deploy';

/** Bump when the deploy itself changes, so existing snapshots are rebuilt. */
const DEPLOY_VERSION = 8;

export type Devnet = { rpcUrl: string; manifest: DevnetManifest; anvil: Anvil; stop(): Promise<void> };

/**
 * The running node, written next to the manifest while it runs: FloorDesk's own devnet tooling (e2e) reaches anvil
 * there, never through the app's `/rpc`, which serves a wallet's calls only.
 */
type DevnetNode = { rpcUrl: string };
const NODE_FILE = 'node.json';

/** The JSON-RPC URL of the devnet running on `dataDir` (its anvil's own port). */
export async function devnetNodeUrl(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'devnet', NODE_FILE);
  const node = JSON.parse(await readFile(file, 'utf8')) as DevnetNode;
  return node.rpcUrl;
}

export type DevnetOptions = {
  /** Holds the chain state and the deploy manifest (`<dataDir>/devnet`). */
  dataDir: string;
  /** Where the server serves token metadata: token URIs point there. */
  origin: string;
  /** Seconds between blocks; 0 mines a block per transaction. */
  blockTimeSeconds: number;
  onProgress?: (message: string) => void;
};

/**
 * Starts the devnet: anvil from the cached chain state when it was built from the same artifacts and catalog;
 * otherwise compile (first run), deploy, and snapshot. anvil writes the chain back on exit and every 30 s, so
 * trading survives restarts; a crash loses at most 30 s, which the indexer sees as a reorg.
 */
export async function startDevnet(options: DevnetOptions): Promise<Devnet> {
  const dir = path.join(options.dataDir, 'devnet');
  await mkdir(dir, { recursive: true });
  const manifestPath = path.join(dir, 'manifest.json');
  const statePath = path.join(dir, 'chain-state.json');

  const artifacts = await loadArtifacts({ onProgress: options.onProgress });
  const key = devnetKey(artifacts.hash);
  const cached = await readManifest(manifestPath);
  const reuse = cached?.key === key && existsSync(statePath);
  if (!reuse) await rm(statePath, { force: true });

  const anvil = await startAnvil({ stateFile: statePath, stateIntervalSeconds: 30 });
  try {
    let manifest: DevnetManifest;
    if (reuse && cached) {
      manifest = cached;
      if (manifest.origin !== options.origin) {
        await repointTokenUris(anvil.rpcUrl, manifest, options.origin);
        manifest = { ...manifest, origin: options.origin };
        await writeAtomically(manifestPath, JSON.stringify(manifest, null, 2));
      }
    } else {
      manifest = await deployDevnet({
        rpcUrl: anvil.rpcUrl,
        artifacts,
        key,
        origin: options.origin,
        onProgress: options.onProgress,
      });
      // Snapshot now, not only at exit: a crash before the first exit must not cost another deploy.
      const dump = await rpc<string>(anvil.rpcUrl, 'anvil_dumpState', []);
      await writeAtomically(statePath, gunzipSync(Buffer.from(dump.slice(2), 'hex')).toString());
      await writeAtomically(manifestPath, JSON.stringify(manifest, null, 2));
    }
    if (options.blockTimeSeconds > 0) await rpc(anvil.rpcUrl, 'evm_setIntervalMining', [options.blockTimeSeconds]);
    const nodePath = path.join(dir, NODE_FILE);
    await writeAtomically(nodePath, JSON.stringify({ rpcUrl: anvil.rpcUrl } satisfies DevnetNode));
    const stop = async () => {
      await anvil.stop();
      await rm(nodePath, { force: true });
    };
    return { rpcUrl: anvil.rpcUrl, manifest, anvil, stop };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

function devnetKey(artifactsHash: string): string {
  const catalog = JSON.stringify(COLLECTIONS, (_, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return createHash('sha256').update(`${DEPLOY_VERSION}\n${artifactsHash}\n${catalog}`).digest('hex');
}

async function readManifest(file: string): Promise<DevnetManifest | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as DevnetManifest;
  } catch {
    return undefined;
  }
}

async function writeAtomically(file: string, content: string): Promise<void> {
  await writeFile(`${file}.tmp`, content);
  await rename(`${file}.tmp`, file);
}

/** A raw JSON-RPC call for anvil's own methods, which viem's clients do not type. */
/** A node's JSON-RPC error answer, its code and data kept for callers that pass them on (a wallet does). */
export class JsonRpcError extends Error {
  override readonly name = 'JsonRpcError';

  constructor(
    method: string,
    readonly code: number,
    /** The node's own message, without the method. */
    readonly reason: string,
    readonly data?: unknown,
  ) {
    super(`${method}: ${reason}`);
  }
}

export async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } };
  if (body.error) throw new JsonRpcError(method, body.error.code, body.error.message, body.error.data);
  return body.result as T;
}
