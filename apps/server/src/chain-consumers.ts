import type { ChainConsumer } from './chain/consumers';
import { NOTIFICATIONS_CONSUMER } from './live/chain-consumer';
import { ORDER_BOOK_CONSUMER } from './market/listings/lifecycle';

/**
 * What the indexer hands each batch, rollback and step to, in this order: the order book ends and re-checks
 * listings, then live notifications announce what the blocks did. Every indexer (the server's, the tests', the
 * benches') is given this list.
 */
export const CHAIN_CONSUMERS: readonly ChainConsumer[] = [ORDER_BOOK_CONSUMER, NOTIFICATIONS_CONSUMER];
