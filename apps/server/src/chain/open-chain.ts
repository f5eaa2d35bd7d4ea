import { type DevnetManifest, startDevnet } from '@floordesk/devnet';
import { DEVNET_CHAIN_ID, normalizeAddress } from '@floordesk/protocol';
import { ConfigError, type Config } from '../config';
import { type ChainContracts, MAINNET_CONTRACTS } from './chain-contracts';
import { type ChainAccess, createChainClient } from './client';

export type OpenChain = {
  access: ChainAccess;
  /** Present when FloorDesk started its own devnet (RPC_URL unset). */
  devnet?: { manifest: DevnetManifest; rpcUrl: string };
  stop(): Promise<void>;
};

/**
 * Connects to RPC_URL, or starts the devnet when it is unset (the only place that tells the two worlds apart,
 * besides the simulator). Refuses a node whose chain id is not CHAIN_ID.
 */
export async function openChain(
  config: Config,
  onProgress: (message: string) => void,
): Promise<OpenChain> {
  if (config.rpcUrl !== undefined) {
    const access = { client: createChainClient(config.rpcUrl, config.chainId), contracts: canonicalContracts(config.chainId) };
    await expectChainId(access, config.chainId);
    return { access, stop: async () => {} };
  }
  if (config.chainId !== DEVNET_CHAIN_ID) {
    throw new ConfigError(`CHAIN_ID=${config.chainId} needs RPC_URL; without it FloorDesk runs its devnet (${DEVNET_CHAIN_ID}).`);
  }
  const devnet = await startDevnet({ dataDir: config.dataDir, origin: config.origin.origin, blockTimeSeconds: config.blockTimeSeconds, onProgress });
  const access = devnetChainAccess(devnet.rpcUrl, devnet.manifest);
  return { access, devnet: { manifest: devnet.manifest, rpcUrl: devnet.rpcUrl }, stop: devnet.stop };
}

/**
 * Seaport 1.6 and OpenSea's conduit live at the same CREATE2 addresses on every chain they are deployed to; a price
 * feed's address is mainnet's alone.
 */
function canonicalContracts(chainId: number): ChainContracts {
  return chainId === MAINNET_CONTRACTS.chainId ? MAINNET_CONTRACTS : { ...MAINNET_CONTRACTS, chainId, ethUsdFeed: undefined };
}

/** The devnet's node and its row of the per-chain table, built from the deploy manifest. */
export function devnetChainAccess(rpcUrl: string, manifest: DevnetManifest, timeoutMs?: number): ChainAccess {
  const lower = normalizeAddress;
  const contracts: ChainContracts = {
    chainId: DEVNET_CHAIN_ID,
    seaport: lower(manifest.seaport),
    conduits: { [lower(manifest.conduit.key)]: lower(manifest.conduit.address) },
    marketplaces: [
      { marketplace: 'opensea', feeRecipients: [lower(manifest.marketplaces.opensea.feeRecipient)], zones: [] },
      { marketplace: 'soduswap', feeRecipients: [lower(manifest.marketplaces.soduswap.feeRecipient)], zones: [] },
    ],
    ethUsdFeed: lower(manifest.ethUsdFeed),
  };
  return { client: createChainClient(rpcUrl, DEVNET_CHAIN_ID, timeoutMs), contracts };
}

async function expectChainId({ client }: ChainAccess, expected: number): Promise<void> {
  const actual = await client.getChainId();
  if (actual !== expected) throw new ConfigError(`RPC_URL serves chain ${actual}, but CHAIN_ID is ${expected}.`);
}
