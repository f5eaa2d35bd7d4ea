import type { Connector } from 'wagmi';
import { connect, disconnect } from 'wagmi/actions';
import { wagmiConfig } from './config';

/**
 * Asks the wallet for account access again (spec §8, code 4100). wagmi refuses to connect a connector it
 * believes connected, so it is dropped first; the wallet then prompts with eth_requestAccounts.
 */
export async function requestAccountAccess(connector: Connector): Promise<void> {
  await disconnect(wagmiConfig, { connector });
  await connect(wagmiConfig, { connector });
}
