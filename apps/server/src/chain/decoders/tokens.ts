import { parseAbi, toEventSelector } from 'viem';
import type { DecodedLogs, EventDecoders, LogAt } from '../decode';
import { readUintArray, topicAddress, uintWord } from './abi-words';

/** ERC-721 and ERC-1155 transfers and approvals, and ERC-4906 metadata updates: from any contract. */
export const TOKEN_EVENTS = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'event MetadataUpdate(uint256 _tokenId)',
  'event BatchMetadataUpdate(uint256 _fromTokenId, uint256 _toTokenId)',
]);
const [transfer, transferSingle, transferBatch, approvalForAll, metadataUpdate, batchMetadataUpdate] = TOKEN_EVENTS;
/** `Transfer(address,address,uint256)`: ERC-721's with the token id as a fourth topic, ERC-20's with three. */
export const TRANSFER_TOPIC = toEventSelector(transfer);

export const TOKEN_DECODERS: EventDecoders = {
  [TRANSFER_TOPIC]: (log, out) => {
    // ERC-20 shares this signature with three topics; ERC-721 indexes the token id as a fourth.
    if (log.topics.length !== 4) return;
    const { blockNumber, txHash, logIndex, address } = log;
    out.transfers.push({
      blockNumber,
      txHash,
      logIndex,
      itemIndex: 0,
      collection: address,
      tokenId: BigInt(log.topics[3] as string),
      amount: 1n,
      from: topicAddress(log.topics, 1),
      to: topicAddress(log.topics, 2),
      standard: 'erc721',
    });
  },
  [toEventSelector(transferSingle)]: (log, out) => {
    const { blockNumber, txHash, logIndex, address } = log;
    out.transfers.push({
      blockNumber,
      txHash,
      logIndex,
      itemIndex: 0,
      collection: address,
      tokenId: uintWord(log.data, 0),
      amount: uintWord(log.data, 1),
      from: topicAddress(log.topics, 2),
      to: topicAddress(log.topics, 3),
      standard: 'erc1155',
    });
  },
  [toEventSelector(transferBatch)]: decodeTransferBatch,
  [toEventSelector(approvalForAll)]: (log, out) => {
    // ERC-721 and ERC-1155 agree on this event; the data is the bool.
    const { blockNumber, txHash, logIndex, address } = log;
    out.approvals.push({
      blockNumber,
      txHash,
      logIndex,
      collection: address,
      owner: topicAddress(log.topics, 1),
      operator: topicAddress(log.topics, 2),
      approved: uintWord(log.data, 0) !== 0n,
    });
  },
  [toEventSelector(metadataUpdate)]: (log, out) => {
    const { blockNumber, txHash, logIndex, address } = log;
    const tokenId = uintWord(log.data, 0);
    out.metadataUpdates.push({
      blockNumber,
      txHash,
      logIndex,
      collection: address,
      fromTokenId: tokenId,
      toTokenId: tokenId,
    });
  },
  [toEventSelector(batchMetadataUpdate)]: (log, out) => {
    const { blockNumber, txHash, logIndex, address } = log;
    out.metadataUpdates.push({
      blockNumber,
      txHash,
      logIndex,
      collection: address,
      fromTokenId: uintWord(log.data, 0),
      toTokenId: uintWord(log.data, 1),
    });
  },
};

function decodeTransferBatch(log: LogAt, out: DecodedLogs): void {
  const { blockNumber, txHash, logIndex, address } = log;
  const ids = readUintArray(log.data, Number(uintWord(log.data, 0)) / 32);
  const values = readUintArray(log.data, Number(uintWord(log.data, 1)) / 32);
  const from = topicAddress(log.topics, 2);
  const to = topicAddress(log.topics, 3);
  ids.forEach((tokenId, itemIndex) => {
    out.transfers.push({
      blockNumber,
      txHash,
      logIndex,
      itemIndex,
      collection: address,
      tokenId,
      amount: values[itemIndex] ?? 0n,
      from,
      to,
      standard: 'erc1155',
    });
  });
}

/** The token events' topics: asked only by the addresses of the collections tracked. */
export const TOKEN_TOPICS: readonly string[] = Object.keys(TOKEN_DECODERS);
