import type { Hex } from 'viem';

/**
 * Reading ABI-encoded logs by hand: the layouts of the indexed events are fixed, and reading words straight out of
 * the hex is an order of magnitude faster than a generic ABI decoder (the ingest bench depends on it). Every reader
 * checks its bounds and throws `MalformedLog`, which the decoding loop counts and skips.
 */
export class MalformedLog extends Error {}

/** The `index`-th 32-byte word of ABI data, as 0x-hex. */
export function word(data: string, index: number): Hex {
  const begin = 2 + index * 64;
  if (!Number.isInteger(index) || data.length < begin + 64) throw new MalformedLog(`no word ${index} in the data`);
  return `0x${data.slice(begin, begin + 64).toLowerCase()}`;
}

export function uintWord(data: string, index: number): bigint {
  return BigInt(word(data, index));
}

export function wordAddress(data: string, index: number): string {
  return `0x${word(data, index).slice(26)}`;
}

export function topicAddress(topics: readonly string[], index: number): string {
  const topic = topics[index];
  if (topic === undefined) throw new MalformedLog(`no topic ${index}`);
  return `0x${topic.slice(26).toLowerCase()}`;
}

export function topicWord(topics: readonly string[], index: number): string {
  const topic = topics[index];
  if (topic === undefined || !/^0x[0-9a-fA-F]{64}$/.test(topic)) throw new MalformedLog(`no topic ${index}`);
  return topic.toLowerCase();
}

/** An array's length, checked against the data so a hostile length cannot make us loop for ever. */
export function arrayLength(data: string, start: number, width: number): number {
  const length = Number(uintWord(data, start));
  if (!Number.isInteger(start) || start + 1 + length * width > (data.length - 2) / 64) {
    throw new MalformedLog('array runs past the end of the data');
  }
  return length;
}

export function readUintArray(data: string, start: number): bigint[] {
  const length = arrayLength(data, start, 1);
  return Array.from({ length }, (_, i) => uintWord(data, start + 1 + i));
}

export function readAddressArray(data: string, start: number): string[] {
  const length = arrayLength(data, start, 1);
  return Array.from({ length }, (_, i) => wordAddress(data, start + 1 + i));
}
