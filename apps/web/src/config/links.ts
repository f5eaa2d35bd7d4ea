import { MAINNET_CHAIN_ID } from '@floordesk/protocol';

export function openseaProfileUrl(address: string): string {
  return `https://opensea.io/${address}`;
}

export function blurProfileUrl(address: string): string {
  return `https://blur.io/${address}`;
}

/** Where a transaction can be looked at: Etherscan on mainnet; other chains (the devnet) have no public explorer. */
export function transactionUrl(chainId: number, hash: string): string | null {
  return chainId === MAINNET_CHAIN_ID ? `https://etherscan.io/tx/${hash}` : null;
}

/** The devnet's stand-in for the chat service (a page of this app): where `/my-id` runs and the bot's DMs arrive. */
export const DEVNET_CHAT_PATH = '/devnet-chat';
