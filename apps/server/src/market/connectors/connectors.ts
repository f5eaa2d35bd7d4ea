import type { ChainContracts } from '../../chain/chain-contracts';
import type { Config } from '../../config';
import { looksRareConnector } from './looksrare-api';
import type { ListingConnector } from './marketplace-api';

/** The connectors the configuration enables: each marketplace API whose key is set. */
export function listingConnectors(
  config: Pick<Config, 'marketplaceApis'>,
  contracts: ChainContracts,
): ListingConnector[] {
  const { looksRare } = config.marketplaceApis;
  return looksRare ? [looksRareConnector(looksRare, contracts)] : [];
}
