import { normalizeAddress, Status } from '@floordesk/protocol';
import { BaseError } from 'viem';
import { currentExchange } from '../../chain/chain-contracts';
import type { ChainAccess } from '../../chain/client';
import { refuse, type Result } from '../../result';
import { orderProtocol } from './protocols';
import type { CheckedBlock, ListingRequest, ValidListing } from './protocols/order-protocol';

export type { CheckedBlock, ValidListing } from './protocols/order-protocol';

/**
 * Whether a signed listing could be filled now: for this chain and its protocol's current exchange, then as its
 * protocol's module checks it, its on-chain state read from one block (`at`, or the one it reads when first asked;
 * else the latest). The checks run cheapest first, so a bad listing costs no signature recovery or chain read it
 * does not need. A node that cannot be asked answers ChainUnavailable.
 */
export async function validateListing(
  chain: ChainAccess,
  request: ListingRequest,
  now: Date,
  at?: CheckedBlock | (() => Promise<CheckedBlock>),
): Promise<Result<ValidListing>> {
  const { contracts } = chain;
  if (
    request.chain_id !== contracts.chainId ||
    normalizeAddress(request.protocol_address) !== currentExchange(contracts, request.protocol).address
  ) {
    return refuse(Status.ListingWrongChain);
  }
  try {
    const block = typeof at === 'function' ? at : () => (at ? Promise.resolve(at) : latestBlock(chain));
    return await orderProtocol(request.protocol).validate(chain, request, now, block);
  } catch (error) {
    if (error instanceof BaseError) return refuse(Status.ChainUnavailable);
    throw error;
  }
}

/** The node's latest block: the one a listing's on-chain checks read. */
export async function latestBlock({ client }: ChainAccess): Promise<CheckedBlock> {
  const block = await client.getBlock({ blockTag: 'latest' });
  if (block.hash === null) throw new BaseError('the latest block has no hash');
  return { number: block.number, hash: block.hash };
}
