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
