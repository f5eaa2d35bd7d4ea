import { createConfig, http, injected } from 'wagmi';
import { foundry, mainnet } from 'wagmi/chains';

/** Mainnet and the devnet (foundry, 31337); the server's /api/app/config says which one FloorDesk trades on. */
export const wagmiConfig = createConfig({
  chains: [mainnet, foundry],
  connectors: [injected()],
  // EIP-6963: every extension that announces itself becomes a connector of its own, with the wallet's rdns as id.
  multiInjectedProviderDiscovery: true,
  transports: { [mainnet.id]: http(), [foundry.id]: http() },
});

export type SupportedChainId = (typeof wagmiConfig.chains)[number]['id'];

export function isSupportedChainId(chainId: number): chainId is SupportedChainId {
  return wagmiConfig.chains.some((chain) => chain.id === chainId);
}

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiConfig;
  }
}
