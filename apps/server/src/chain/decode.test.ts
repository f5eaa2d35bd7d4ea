import { readFileSync } from 'node:fs';
import { encodeAbiParameters, encodeEventTopics, parseAbi, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { orderFulfilledLog, transferBatchLog, transferLog, transferSingleLog } from '../testing/chain-logs';
import { type ChainContracts, MAINNET_CONTRACTS } from './chain-contracts';
import { decodeLogs, decodeLogsInTurns, type RawLog } from './decode';
import { SEAPORT_EVENTS } from './decoders/seaport';
import { TOKEN_EVENTS } from './decoders/tokens';

const seaport = '0x0000000000000068f116a894984e2db1123eb395';
const openseaFee = '0x0000a26b00c1f0df003000390027140000faa719';
const contracts: ChainContracts = {
  chainId: 1,
  exchanges: [{ protocol: 'seaport', version: '1.6', address: seaport }],
  conduits: {},
  marketplaces: [
    { marketplace: 'opensea', feeRecipients: [openseaFee], zones: [] },
    { marketplace: 'soduswap', feeRecipients: [], zones: ['0x5000000000000000000000000000000000000005'] },
  ],
};
const collection = '0x1000000000000000000000000000000000000001';
const weth = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const seller = '0xa000000000000000000000000000000000000001';
const buyer = '0xb000000000000000000000000000000000000002';
const orderHash = `0x${'ab'.repeat(32)}` as const;
const at = { blockNumber: 7, transactionHash: `0x${'11'.repeat(32)}` as const, logIndex: 3 };
const noZone = '0x0000000000000000000000000000000000000000';

describe('decodeLogs', () => {
  it('reads a listing fill as a sale to the recipient, priced at all the ETH paid, fees included', () => {
    const log = orderFulfilledLog(
      seaport,
      {
        orderHash,
        offerer: seller,
        zone: noZone,
        recipient: buyer,
        offer: [{ itemType: 2, token: collection, identifier: 42n, amount: 1n }],
        consideration: [
          { itemType: 0, token: noZone, identifier: 0n, amount: 975n, recipient: seller },
          { itemType: 0, token: noZone, identifier: 0n, amount: 25n, recipient: openseaFee },
        ],
      },
      at,
    );
    const { sales, fills } = decodeLogs([log], contracts);
    expect(sales).toEqual([
      {
        blockNumber: 7,
        txHash: at.transactionHash,
        logIndex: 3,
        itemIndex: 0,
        protocol: 'seaport',
        collection,
        tokenId: 42n,
        amount: 1n,
        priceWei: 1000n,
        paymentToken: noZone,
        buyer,
        seller,
        marketplace: 'opensea',
        orderHash,
        proceedsWei: 975n,
      },
    ]);
    expect(fills).toEqual([{ blockNumber: 7, txHash: at.transactionHash, logIndex: 3, exchange: seaport, orderHash }]);
  });

  it('reads an accepted bid as a sale to the offerer, priced at the WETH offered', () => {
    const log = orderFulfilledLog(
      seaport,
      {
        orderHash,
        offerer: buyer,
        zone: '0x5000000000000000000000000000000000000005',
        recipient: seller,
        offer: [{ itemType: 1, token: weth, identifier: 0n, amount: 5000n }],
        consideration: [{ itemType: 2, token: collection, identifier: 9n, amount: 1n, recipient: buyer }],
      },
      at,
    );
    const [sale] = decodeLogs([log], contracts).sales;
    expect(sale).toMatchObject({ buyer, seller, priceWei: 5000n, paymentToken: weth, marketplace: 'soduswap' });
  });

  it("pays an accepted bid's fees out of the WETH offered: the seller receives the rest", () => {
    const log = orderFulfilledLog(
      seaport,
      {
        orderHash,
        offerer: buyer,
        zone: noZone,
        recipient: seller,
        offer: [{ itemType: 1, token: weth, identifier: 0n, amount: 5000n }],
        consideration: [
          { itemType: 2, token: collection, identifier: 9n, amount: 1n, recipient: buyer },
          { itemType: 1, token: weth, identifier: 0n, amount: 125n, recipient: openseaFee },
          {
            itemType: 1,
            token: weth,
            identifier: 0n,
            amount: 250n,
            recipient: '0x7000000000000000000000000000000000000007',
          },
        ],
      },
      at,
    );
    const [sale] = decodeLogs([log], contracts).sales;
    expect(sale).toMatchObject({ seller, priceWei: 5000n, proceedsWei: 4625n });
  });

  it('splits an order of several NFTs so the rows sum to the price', () => {
    const log = orderFulfilledLog(
      seaport,
      {
        orderHash,
        offerer: seller,
        zone: noZone,
        recipient: buyer,
        offer: [1n, 2n, 3n].map((identifier) => ({ itemType: 2, token: collection, identifier, amount: 1n })),
        consideration: [{ itemType: 0, token: noZone, identifier: 0n, amount: 1000n, recipient: seller }],
      },
      at,
    );
    const { sales } = decodeLogs([log], contracts);
    expect(sales.map((sale) => sale.priceWei)).toEqual([334n, 333n, 333n]);
    expect(sales.map((sale) => sale.proceedsWei)).toEqual([334n, 333n, 333n]);
    expect(sales.map((sale) => sale.itemIndex)).toEqual([0, 1, 2]);
    expect(sales[0]?.marketplace).toBeNull();
  });

  it('reads every Seaport version the chain lists, each event naming the exchange that emitted it', () => {
    const seaport15 = '0x00000000000000adc04c56bf30ac9d3c0aaf14dc';
    const both: ChainContracts = {
      ...contracts,
      exchanges: [{ protocol: 'seaport', version: '1.5', address: seaport15 }, ...contracts.exchanges],
    };
    const fill = (address: string, tokenId: bigint) =>
      orderFulfilledLog(
        address as `0x${string}`,
        {
          orderHash,
          offerer: seller,
          zone: noZone,
          recipient: buyer,
          offer: [{ itemType: 2, token: collection, identifier: tokenId, amount: 1n }],
          consideration: [{ itemType: 0, token: noZone, identifier: 0n, amount: 5n, recipient: seller }],
        },
        at,
      );
    const [, , counter] = SEAPORT_EVENTS;
    const bump = {
      address: seaport15,
      topics: encodeEventTopics({ abi: [counter], args: { offerer: seller } }) as string[],
      data: encodeAbiParameters([{ type: 'uint256' }], [1n]),
      ...at,
    };

    const decoded = decodeLogs([fill(seaport15, 1n), fill(seaport, 2n), bump], both);

    expect(decoded.sales.map((sale) => sale.tokenId)).toEqual([1n, 2n]);
    expect(decoded.fills.map((f) => f.exchange)).toEqual([seaport15, seaport]);
    expect(decoded.counters).toEqual([expect.objectContaining({ exchange: seaport15, offerer: seller })]);
    // A chain that lists only 1.6 reads nothing from 1.5's address.
    expect(decodeLogs([fill(seaport15, 1n), bump], contracts)).toMatchObject({ sales: [], fills: [], counters: [] });
  });

  it('ignores Seaport events emitted by any other contract', () => {
    const log = orderFulfilledLog(
      collection,
      {
        orderHash,
        offerer: seller,
        zone: noZone,
        recipient: buyer,
        offer: [{ itemType: 2, token: collection, identifier: 1n, amount: 1n }],
        consideration: [{ itemType: 0, token: noZone, identifier: 0n, amount: 1n, recipient: seller }],
      },
      at,
    );
    expect(decodeLogs([log], contracts)).toMatchObject({ sales: [], fills: [] });
  });

  it('reads ERC-721 transfers and mints, and skips ERC-20 transfers that share the signature', () => {
    const mint = transferLog(collection, { from: noZone, to: buyer, tokenId: 5n }, at);
    const erc20 = {
      address: weth,
      topics: encodeEventTopics({
        abi: parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']),
        args: { from: seller, to: buyer },
      }) as string[],
      data: encodeAbiParameters([{ type: 'uint256' }], [10n]),
      ...at,
      logIndex: 4,
    };
    const { transfers } = decodeLogs([mint, erc20], contracts);
    expect(transfers).toEqual([
      expect.objectContaining({ collection, tokenId: 5n, amount: 1n, from: noZone, to: buyer, standard: 'erc721' }),
    ]);
  });

  it('reads ERC-1155 single and batch transfers, one row per id', () => {
    const single = transferSingleLog(collection, { operator: seller, from: seller, to: buyer, id: 3n, value: 4n }, at);
    const batch = transferBatchLog(
      collection,
      { operator: seller, from: seller, to: buyer, ids: [1n, 2n], values: [10n, 20n] },
      { ...at, logIndex: 9 },
    );
    const { transfers } = decodeLogs([single, batch], contracts);
    expect(transfers.map((t) => [t.logIndex, t.itemIndex, t.tokenId, t.amount, t.standard])).toEqual([
      [3, 0, 3n, 4n, 'erc1155'],
      [9, 0, 1n, 10n, 'erc1155'],
      [9, 1, 2n, 20n, 'erc1155'],
    ]);
  });

  it('reads cancels, counter bumps, approvals and metadata updates', () => {
    const [, cancelled, counter] = SEAPORT_EVENTS;
    const [, , , approval, , batchUpdate] = TOKEN_EVENTS;
    const logs = [
      {
        address: seaport,
        topics: encodeEventTopics({ abi: [cancelled], args: { offerer: seller, zone: noZone } }) as string[],
        data: encodeAbiParameters([{ type: 'bytes32' }], [orderHash]),
        ...at,
      },
      {
        address: seaport,
        topics: encodeEventTopics({ abi: [counter], args: { offerer: seller } }) as string[],
        data: encodeAbiParameters([{ type: 'uint256' }], [2n]),
        ...at,
      },
      {
        address: collection,
        topics: encodeEventTopics({ abi: [approval], args: { owner: seller, operator: seaport } }) as string[],
        data: encodeAbiParameters([{ type: 'bool' }], [false]),
        ...at,
      },
      {
        address: collection,
        topics: encodeEventTopics({ abi: [batchUpdate] }) as string[],
        data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [1n, 100n]),
        ...at,
      },
    ];
    const decoded = decodeLogs(logs, contracts);
    expect(decoded.cancels).toEqual([expect.objectContaining({ orderHash })]);
    expect(decoded.counters).toEqual([expect.objectContaining({ offerer: seller, newCounter: 2n })]);
    expect(decoded.approvals).toEqual([
      expect.objectContaining({ collection, owner: seller, operator: seaport, approved: false }),
    ]);
    expect(decoded.metadataUpdates).toEqual([
      expect.objectContaining({ collection, fromTokenId: 1n, toTokenId: 100n }),
    ]);
  });

  it('skips a log whose data does not fit its signature instead of failing the batch', () => {
    const good = transferLog(collection, { from: noZone, to: buyer, tokenId: 1n }, at);
    const truncated = {
      ...transferSingleLog(collection, { operator: seller, from: seller, to: buyer, id: 1n, value: 1n }, at),
      data: '0x01',
    };
    const hostileLength = {
      ...transferBatchLog(collection, { operator: seller, from: seller, to: buyer, ids: [1n], values: [1n] }, at),
      data: `0x${'0'.repeat(62)}40${'f'.repeat(64)}`,
    };
    const decoded = decodeLogs([truncated, hostileLength, good], contracts);
    expect(decoded.malformed).toBe(2);
    expect(decoded.transfers).toHaveLength(1);
  });
});

describe('decodeLogsInTurns', () => {
  // A real Blur v2 bid taken (fixtures/README.md): the packed event names the bidder, and the seller only the ERC-721
  // Transfer of the same transaction tells, so a turn that cut the transaction in two would lose the sale.
  const fixture = JSON.parse(
    readFileSync(new URL('./decoders/fixtures/blur-v2-0x6eb8b3b2.json', import.meta.url), 'utf8'),
  ) as { logs: RawLog[]; facts: Array<{ buyer: string; seller: string }> };
  const unrelated = { address: seller, topics: [`0x${'99'.repeat(32)}`], data: '0x' };

  /** `blocks` blocks, each an unrelated log and then `perBlock` copies of the transaction, each hash its own. */
  function copies(blocks: number, perBlock: number): RawLog[] {
    const logs: RawLog[] = [];
    for (let block = 0; block < blocks; block++) {
      const place = (transaction: number, logIndex: number) => ({
        blockNumber: toHex(1_000 + block),
        transactionHash: toHex(block * 1_000 + transaction, { size: 32 }),
        logIndex: toHex(logIndex),
      });
      logs.push({ ...unrelated, ...place(0, 0) });
      for (let copy = 1; copy <= perBlock; copy++) {
        for (const log of fixture.logs) logs.push({ ...log, ...place(copy, logs.length) });
      }
    }
    return logs;
  }

  it('decodes what decodeLogs does, each turn ending at a block boundary', async () => {
    // Blocks of 751 logs: a turn cut at the thousandth log would fall inside a transaction.
    const logs = copies(5, 150);
    const whole = decodeLogs(logs, MAINNET_CONTRACTS);
    expect(whole.sales).toHaveLength(750);
    expect(new Set(whole.sales.map((sale) => `${sale.buyer} ${sale.seller}`))).toEqual(
      new Set(fixture.facts.map((fact) => `${fact.buyer} ${fact.seller}`)),
    );
    await expect(decodeLogsInTurns(logs, MAINNET_CONTRACTS)).resolves.toEqual(whole);
  });

  it('lets other work run between its turns', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    await decodeLogsInTurns(copies(5, 150), MAINNET_CONTRACTS).then(() => order.push('decoded'));
    expect(order).toEqual(['other work', 'decoded']);
  });

  it('decodes logs out of chain order in one turn, as decodeLogs would', async () => {
    // The first transaction's ERC-721 Transfer moved behind every other block's logs.
    const logs = copies(5, 150);
    logs.push(...logs.splice(2, 1));
    await expect(decodeLogsInTurns(logs, MAINNET_CONTRACTS)).resolves.toEqual(decodeLogs(logs, MAINNET_CONTRACTS));
  });
});
