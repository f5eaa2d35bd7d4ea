import { type Lang, MAINNET_CHAIN_ID } from '@floordesk/protocol';

/** Outside destinations of the user menu. Placeholders until the project's own pages exist. */
export const HOW_TO_USE_URL: Record<Lang, string> = {
  en: 'https://docs.floordesk.app/en/how-to-use',
  zh: 'https://docs.floordesk.app/zh/how-to-use',
};
export const CHAT_URL = 'https://discord.gg/floordesk';
export const SOCIAL_URL = 'https://x.com/floordesk';

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
