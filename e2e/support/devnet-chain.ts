import {
  type Account,
  type Address,
  BaseError,
  type Chain,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  erc721Abi,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { foundry } from 'viem/chains';

/** The app's `/rpc`: the devnet as a wallet reaches it (reads and signed transactions, nothing else). */
export function walletRpcUrl(baseURL: string): string {
  return new URL('/rpc', baseURL).toString();
}

export type DevnetClients = {
  chain: PublicClient<Transport, Chain>;
  wallet(account: Account, chainId?: number): WalletClient<Transport, Chain, Account>;
};

/**
 * viem clients on the devnet. `chainId` is the chain the signer believes it is on (a wallet switched elsewhere
 * signs for that chain, and the node then refuses the transaction, as it would a real one). Receipts are polled
 * every `pollingMs`: a tenth of the e2e devnet's 2 s blocks by default; an automining devnet wants it shorter.
 */
export function devnetClients(rpcUrl: string, { pollingMs = 200 }: { pollingMs?: number } = {}): DevnetClients {
  const transport = http(rpcUrl, { timeout: 30_000 });
  return {
    chain: createPublicClient({ chain: foundry, transport, pollingInterval: pollingMs }),
    wallet: (account, chainId = foundry.id) =>
      createWalletClient({ chain: { ...foundry, id: chainId }, transport, account }),
  };
}

/** Who holds an ERC-721 token now; a token that was never minted has no owner (`null`). */
export async function ownerOf(
  chain: PublicClient<Transport, Chain>,
  collection: Address,
  tokenId: bigint,
): Promise<Address | null> {
  return chain
    .readContract({ address: collection, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] })
    .catch((error: unknown) => {
      // ownerOf reverts for a token that does not exist; a node that cannot be reached still throws.
      if (error instanceof BaseError && error.walk((cause) => cause instanceof ContractFunctionRevertedError)) {
        return null;
      }
      throw error;
    });
}
