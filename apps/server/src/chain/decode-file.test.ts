import { readFileSync } from 'node:fs';
import { encodeAbiParameters, encodeEventTopics, parseAbi, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { MAINNET_CONTRACTS } from './chain-contracts';
import { decodeLogFile } from './decode-file';

type Log = {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  transactionHash: string;
  logIndex: string;
};
/** A real Seaport 1.1 OrderFulfilled, whole in one log (fixtures/README.md cites it). */
const seaportFixture = JSON.parse(
  readFileSync(new URL('./decoders/fixtures/seaport-0x8605571e.json', import.meta.url), 'utf8'),
) as { logs: Log[]; tx_hash: string };
const sale: Log = {
  ...seaportFixture.logs[0]!,
  blockNumber: '0x10',
  logIndex: '0x3',
  transactionHash: seaportFixture.tx_hash,
};

function decode(logs: unknown) {
  return decodeLogFile(JSON.stringify(logs), MAINNET_CONTRACTS);
}

describe('npm run decode, input', () => {
  it('names the entry that is not a log, and decodes nothing', () => {
    expect(decode([sale, { ...sale, topics: 'nope' }])).toEqual({
      ok: false,
      error: 'entry 1: topics is not a list of at most four 32-byte hex words',
    });
    expect(decode([{ ...sale, data: '0xabc' }])).toMatchObject({
      ok: false,
      error: 'entry 0: data is not hex bytes',
    });
    expect(decode([{ ...sale, logIndex: -1 }])).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^entry 0: logIndex/),
    });
    expect(decode([null])).toMatchObject({ ok: false, error: 'entry 0: not a log object' });
    expect(decodeLogFile('{"logs": []}', MAINNET_CONTRACTS)).toMatchObject({ ok: false });
    expect(decodeLogFile('[', MAINNET_CONTRACTS)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^not JSON/),
    });
  });

  it('reads a log given twice once, and says so', () => {
    const decoded = decode([sale, sale]);
    expect(decoded).toMatchObject({ ok: true, skipped: { duplicate: 1 } });
    expect(decoded.ok && decoded.sales).toHaveLength(1);
  });

  it('reads upper-case hex and decimal numbers as a node would give them lower-case and in hex', () => {
    const shouted = {
      ...sale,
      address: sale.address.toUpperCase().replace('0X', '0x'),
      topics: sale.topics.map((topic) => topic.toUpperCase().replace('0X', '0x')),
      blockNumber: 16,
      logIndex: 3,
    };
    expect(decode([shouted])).toEqual(decode([sale]));
  });

  it('counts nothing an impostor of an exchange emits: events are read from the exchanges’ own addresses', () => {
    const decoded = decode([{ ...sale, address: '0x1111111111111111111111111111111111111111' }]);
    expect(decoded).toMatchObject({ ok: true, sales: [] });
  });

  it('skips and counts a known event whose data is cut short, and keeps the sales around it', () => {
    const cut = { ...sale, logIndex: '0x4', data: sale.data.slice(0, 200) };
    const decoded = decode([cut, sale]);
    expect(decoded).toMatchObject({ ok: true, skipped: { malformed: 1 } });
    expect(decoded.ok && decoded.sales).toHaveLength(1);
  });
});

describe('sudoswap v2 pools', () => {
  const factory = '0xa020d57ab0448ef74115c112d18a9c231cc86000';
  const pool = '0x2222222222222222222222222222222222222222';
  const collection = '0x3333333333333333333333333333333333333333';
  const buyer = '0x4444444444444444444444444444444444444444';
  const abi = parseAbi([
    'event NewERC721Pair(address indexed poolAddress, uint256[] initialIds)',
    'event SwapNFTOutPair(uint256 amountIn, uint256[] ids)',
    'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  ]);
  const tx = `0x${'ab'.repeat(32)}`;
  const at = (logIndex: number) => ({
    blockNumber: '0x20',
    transactionHash: tx,
    logIndex: `0x${logIndex.toString(16)}`,
  });
  const created = {
    address: factory,
    topics: encodeEventTopics({ abi, eventName: 'NewERC721Pair', args: { poolAddress: pool } }),
    data: encodeAbiParameters([{ type: 'uint256[]' }], [[7n]]),
    ...at(0),
  };
  const moved = {
    address: collection,
    topics: encodeEventTopics({ abi, eventName: 'Transfer', args: { from: pool, to: buyer, tokenId: 7n } }),
    data: '0x',
    ...at(1),
  };
  const swapped = (from: string): Log => ({
    address: from,
    topics: encodeEventTopics({ abi, eventName: 'SwapNFTOutPair' }) as string[],
    data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256[]' }], [5n * 10n ** 17n, [7n]]) as Hex,
    ...at(2),
  });

  it('sells a pool’s NFT to whoever received it, at the amount the swap states, once the factory made the pool', () => {
    const decoded = decode([created, moved, swapped(pool)]);
    expect(decoded.ok && decoded.sales).toEqual([
      {
        tx_hash: tx,
        log_index: 2,
        protocol: 'sudoswap-v2',
        marketplace: 'soduswap',
        collection,
        token_id: '7',
        amount: '1',
        price_wei: '500000000000000000',
        currency: '0x0000000000000000000000000000000000000000',
        buyer,
        seller: pool,
      },
    ]);
  });

  it('counts a swap from a contract the factory never announced as foreign, not as a sale', () => {
    const decoded = decode([moved, swapped(pool)]);
    expect(decoded).toMatchObject({ ok: true, sales: [], skipped: { foreign: 1 } });
  });
});
