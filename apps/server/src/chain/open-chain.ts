import type { Hex } from 'viem';
import { ConfigError } from '../config';
import { type ChainContracts, MAINNET_CONTRACTS } from './chain-contracts';
import { type ChainAccess, createChainClient } from './client';

/**
 * Connects to the node at RPC_URL (FloorDesk starts its own devnet when that is unset: devnet.ts). Refuses a node
 * whose chain id is not CHAIN_ID.
 */
export async function openChain(rpcUrl: string, chainId: number, subscriptions?: Hex): Promise<ChainAccess> {
  const contracts = { ...canonicalContracts(chainId), ...(subscriptions && { subscriptions }) };
  const access = { client: createChainClient(rpcUrl, chainId), contracts };
  await expectChainId(access, chainId);
  return access;
}

/**
 * Seaport 1.6 and OpenSea's conduit live at the same CREATE2 addresses on every chain they are deployed to; a price
 * feed's address is mainnet's alone.
 */
function canonicalContracts(chainId: number): ChainContracts {
  return chainId === MAINNET_CONTRACTS.chainId
    ? MAINNET_CONTRACTS
    : { ...MAINNET_CONTRACTS, chainId, ethUsdFeed: undefined };
}

async function expectChainId({ client }: ChainAccess, expected: number): Promise<void> {
  const actual = await client.getChainId();
  if (actual !== expected) throw new ConfigError(`RPC_URL serves chain ${actual}, but CHAIN_ID is ${expected}.`);
}
