import type { ChainContracts } from '../../chain/chain-contracts';
import type { Config } from '../../config';
import type { FulfillmentApi } from '../listings/protocols/order-protocol';
import { looksRareConnector } from './looksrare-api';
import type { FulfillmentConnector, ListingConnector } from './marketplace-api';
import { openSeaConnector } from './opensea-api';

type ConnectorConfig = Pick<Config, 'marketplaceApis'>;

/** The connectors the configuration enables: each marketplace API whose key is set (and that serves this chain). */
export function listingConnectors(config: ConnectorConfig, contracts: ChainContracts): ListingConnector[] {
  const { looksRare, openSea } = config.marketplaceApis;
  const openSeaHere = openSea && openSeaConnector(openSea, contracts);
  return [...(looksRare ? [looksRareConnector(looksRare, contracts)] : []), ...(openSeaHere ? [openSeaHere] : [])];
}

/** The API that hands out the signatures of the listings `name` served unsigned, if its key is set. */
export function fulfillmentConnector(
  config: ConnectorConfig,
  contracts: ChainContracts,
  name: FulfillmentApi,
): FulfillmentConnector | null {
  const { openSea } = config.marketplaceApis;
  return name === 'opensea' && openSea ? openSeaConnector(openSea, contracts) : null;
}
