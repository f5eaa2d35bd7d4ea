import { type Chain, createPublicClient, defineChain, http, type PublicClient, type Transport } from 'viem';
import type { ChainContracts } from './chain-contracts';

export type ChainClient = PublicClient<Transport, Chain>;

/** What services need of the chain: a client and the chain's row of the per-chain address table. */
export type ChainAccess = { client: ChainClient; contracts: ChainContracts };

/**
 * A viem client for the configured node. Requests time out after 10 s (by default) and are retried with exponential backoff
 * (viem's `retryDelay` doubles per attempt); parallel reads share one HTTP request (JSON-RPC batch).
 */
export function createChainClient(rpcUrl: string, chainId: number, timeoutMs = 10_000): ChainClient {
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  return createPublicClient({
    chain,
    transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 4, retryDelay: 250, batch: { wait: 0 } }),
    cacheTime: 0,
    // Receipt waits (tests, the devnet) poll at this pace; viem's 4 s default suits mainnet's 12 s blocks badly.
    pollingInterval: 250,
  });
}
