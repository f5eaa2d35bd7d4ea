import { LOOKSRARE_EVENTS } from '@floordesk/contracts';
import { encodeAbiParameters, encodeEventTopics, type Hex } from 'viem';
import type { RawLog } from '../chain/decode';
import { SEAPORT_EVENTS } from '../chain/decoders/seaport';
import { TOKEN_EVENTS } from '../chain/decoders/tokens';

type Address = Hex;
type SpentItem = { itemType: number; token: Address; identifier: bigint; amount: bigint };
type ReceivedItem = SpentItem & { recipient: Address };
type Position = { blockNumber: number; transactionHash: Hex; logIndex: number };

const [orderFulfilled] = SEAPORT_EVENTS;
const [transfer, transferSingle, transferBatch] = TOKEN_EVENTS;
const [, , , takerAsk, takerBid] = LOOKSRARE_EVENTS;

/** Real ABI-encoded logs (viem's encoder), for decoder tests and the ingest bench. */
export function orderFulfilledLog(
  seaport: Address,
  event: {
    orderHash: Hex;
    offerer: Address;
    zone: Address;
    recipient: Address;
    offer: SpentItem[];
    consideration: ReceivedItem[];
  },
  at: Position,
): RawLog {
  return {
    address: seaport,
    topics: encodeEventTopics({ abi: [orderFulfilled], args: { offerer: event.offerer, zone: event.zone } }) as Hex[],
    data: encodeAbiParameters(
      orderFulfilled.inputs.filter((input) => !('indexed' in input)),
      [event.orderHash, event.recipient, event.offer, event.consideration],
    ),
    ...at,
  };
}

export function transferLog(
  collection: Address,
  event: { from: Address; to: Address; tokenId: bigint },
  at: Position,
): RawLog {
  return {
    address: collection,
    topics: encodeEventTopics({ abi: [transfer], args: event }) as Hex[],
    data: '0x',
    ...at,
  };
}

export function transferSingleLog(
  collection: Address,
  event: { operator: Address; from: Address; to: Address; id: bigint; value: bigint },
  at: Position,
): RawLog {
  return {
    address: collection,
    topics: encodeEventTopics({ abi: [transferSingle], args: event }) as Hex[],
    data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [event.id, event.value]),
    ...at,
  };
}

export function transferBatchLog(
  collection: Address,
  event: { operator: Address; from: Address; to: Address; ids: bigint[]; values: bigint[] },
  at: Position,
): RawLog {
  return {
    address: collection,
    topics: encodeEventTopics({ abi: [transferBatch], args: event }) as Hex[],
    data: encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [event.ids, event.values]),
    ...at,
  };
}

/** A LooksRare v2 trade as the exchange logs it: TakerBid (a buyer filled an ask) or TakerAsk (a seller a bid). */
export function looksRareTradeLog(
  exchange: Address,
  kind: 'TakerBid' | 'TakerAsk',
  trade: {
    orderHash: Hex;
    orderNonce: bigint;
    nonceSpent: boolean;
    /** TakerBid: bidUser (the sender), then bidRecipient. TakerAsk: askUser, then bidUser. */
    taker: Address;
    other: Address;
    currency: Address;
    collection: Address;
    itemIds: readonly bigint[];
    amounts: readonly bigint[];
    feeRecipients: readonly [Address, Address];
    feeAmounts: readonly [bigint, bigint, bigint];
  },
  at: Position,
): RawLog {
  const event = kind === 'TakerBid' ? takerBid : takerAsk;
  return {
    address: exchange,
    topics: encodeEventTopics({ abi: [event] }) as Hex[],
    data: encodeAbiParameters(event.inputs, [
      { orderHash: trade.orderHash, orderNonce: trade.orderNonce, isNonceInvalidated: trade.nonceSpent },
      trade.taker,
      trade.other,
      0n,
      trade.currency,
      trade.collection,
      trade.itemIds,
      trade.amounts,
      trade.feeRecipients,
      trade.feeAmounts,
    ]),
    ...at,
  };
}
