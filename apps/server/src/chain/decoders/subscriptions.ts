import { parseAbi, toEventSelector } from 'viem';
import type { EventDecoders } from '../decode';
import { topicAddress, topicWord, uintWord } from './abi-words';

/** FloorDesk's subscription payments: read from the chain's subscription contract only (anyone can emit them). */
export const SUBSCRIPTION_EVENTS = parseAbi([
  'event Subscribed(address indexed payer, bytes32 indexed quoteId, uint8 plan, uint256 price)',
]);
const [subscribed] = SUBSCRIPTION_EVENTS;

export const SUBSCRIPTION_DECODERS: EventDecoders = {
  [toEventSelector(subscribed)]: (log, out) => {
    const { blockNumber, txHash, logIndex } = log;
    out.payments.push({
      blockNumber,
      txHash,
      logIndex,
      payer: topicAddress(log.topics, 1),
      quoteId: topicWord(log.topics, 2),
      plan: Number(uintWord(log.data, 0)),
      priceWei: uintWord(log.data, 1),
    });
  },
};
