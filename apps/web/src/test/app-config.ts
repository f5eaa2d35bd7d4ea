import type { AppConfigData } from '@floordesk/protocol';

/** The app config of the tests' devnet (`/api/app/config`): chain 31337, the devnet wallet offered. */
export const devnetConfig: AppConfigData = {
  chain_id: 31337,
  chain_name: 'FloorDesk devnet',
  devnet_wallet: true,
  listings_source: 'devnet',
  version: 'test',
  links: { how_to_use: { en: '/guide/en', zh: '/guide/zh' }, chat: '', social: '' },
};
