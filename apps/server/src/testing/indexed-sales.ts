import { zeroAddress } from 'viem';
import { type DecodedLogs, noDecodedLogs, type SaleEvent } from '../chain/decode';
import { storeBlocks } from '../chain/store';
import type { Executor } from '../db/pool';
import { CHAIN_CONSUMERS } from '../chain-consumers';

export type TestSale = { collection: string; time: Date; priceWei: bigint };

let nextBlock = 1;

/**
 * Sales written the way the indexer writes them (storeBlocks: sales rows and every rollup they feed), one block
 * each, numbered after every block written before; returns the block numbers in order.
 */
export async function indexSales(db: Executor, sales: readonly TestSale[]): Promise<number[]> {
  const numbers = sales.map(() => nextBlock++);
  const events: DecodedLogs = {
    ...noDecodedLogs(),
    sales: sales.map((sale, i): SaleEvent => {
      const blockNumber = numbers[i] as number;
      const hash = `0x${blockNumber.toString(16).padStart(64, '0')}`;
      return {
        blockNumber,
        txHash: hash,
        logIndex: 0,
        itemIndex: 0,
        protocol: 'seaport',
        collection: sale.collection,
        tokenId: BigInt(blockNumber),
        amount: 1n,
        priceWei: sale.priceWei,
        paymentToken: zeroAddress,
        buyer: '0x00000000000000000000000000000000000000b1',
        seller: '0x00000000000000000000000000000000000000c1',
        marketplace: 'opensea',
        orderHash: hash,
        proceedsWei: sale.priceWei,
      };
    }),
  };
  const blocks = sales.map((sale, i) => {
    const number = numbers[i] as number;
    return {
      number,
      hash: `0x${number.toString(16).padStart(64, 'a')}`,
      parentHash: `0x${(number - 1).toString(16).padStart(64, 'a')}`,
      timestamp: Math.floor(sale.time.getTime() / 1000),
      transactions: [],
    };
  });
  await db.transaction((tx) => storeBlocks(tx, blocks, events, new Date(), CHAIN_CONSUMERS));
  return numbers;
}
