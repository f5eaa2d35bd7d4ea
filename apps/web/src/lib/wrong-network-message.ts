import { type AppConfigData, MAINNET_CHAIN_ID } from '@floordesk/protocol';
import { i18n } from './i18n';

/**
 * The original app's "To use BUY functionality, switch to Ethereum Mainnet", naming the chain FloorDesk trades on: the
 * banner shows it, and a buy refused for the wallet's chain says it again.
 */
export function wrongNetworkMessage(config: AppConfigData): string {
  const chain = config.chain_id === MAINNET_CHAIN_ID ? i18n.t('wallet.mainnet') : config.chain_name;
  return i18n.t('wallet.wrong_network', { chain });
}
