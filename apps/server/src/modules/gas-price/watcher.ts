import type { GasPriceData } from '@floordesk/protocol';
import type { Logger } from 'pino';
import { formatGwei, formatUnits, parseAbi } from 'viem';
import type { ChainAccess } from '../../chain/client';
import { startRepeating } from '../../chain/repeat';

/** Chainlink's AggregatorV3Interface, the part a price reader needs. */
const AGGREGATOR_V3_ABI = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

export type GasPriceWatcher = {
  /** The figures of the latest block read; undefined until the first read succeeds. */
  latest(): GasPriceData | undefined;
  stop(): Promise<void>;
};

/**
 * Follows the head and, at each new block, reads its base fee and the ETH/USD feed's answer as of that block, so
 * the gas-price endpoint answers from memory. A failed read leaves the last figures and is tried again next poll.
 */
export function startGasPriceWatcher({
  chain,
  log,
  pollMs = 1000,
}: {
  chain: ChainAccess;
  log: Logger;
  pollMs?: number;
}): GasPriceWatcher {
  let latest: GasPriceData | undefined;
  let feedDecimals: number | undefined;
  const { client, contracts } = chain;
  const feed = contracts.ethUsdFeed;

  const readEthUsd = async (blockNumber: bigint): Promise<number | null> => {
    if (!feed) return null;
    feedDecimals ??= await client.readContract({ address: feed, abi: AGGREGATOR_V3_ABI, functionName: 'decimals' });
    const [, answer] = await client.readContract({
      address: feed,
      abi: AGGREGATOR_V3_ABI,
      functionName: 'latestRoundData',
      blockNumber,
    });
    return Number(formatUnits(answer, feedDecimals));
  };

  const watcher = startRepeating(async () => {
    try {
      const block = await client.getBlock({ blockTag: 'latest' });
      if (Number(block.number) === latest?.block_number) return;
      latest = {
        gas_price: Number(formatGwei(block.baseFeePerGas ?? 0n)),
        eth_price: await readEthUsd(block.number),
        block_number: Number(block.number),
      };
    } catch (error) {
      log.debug({ err: error }, 'gas price read failed');
    }
  }, pollMs);
  return { latest: () => latest, stop: watcher.stop };
}
