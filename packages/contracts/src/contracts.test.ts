import { isAddressEqual, maxUint256, parseEther, parseEventLogs, type Abi, type Address } from 'viem';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadArtifacts, receiptOf, type Artifact, type Artifacts } from './index';
import { type TestChain, useTestAnvil } from './testing/anvil';

const chain = useTestAnvil();
let client: TestChain;
let artifacts: Artifacts;
let owner: Address;
let buyer: Address;
let royaltyReceiver: Address;

beforeAll(async () => {
  artifacts = await loadArtifacts();
  client = chain();
  [owner, buyer, royaltyReceiver] = (await client.getAddresses()) as [Address, Address, Address];
});

async function deploy(artifact: Artifact, args: readonly unknown[]): Promise<Address> {
  const hash = await client.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args, account: owner });
  const { contractAddress } = await receiptOf(client, hash);
  if (!contractAddress) throw new Error('deployment created no contract');
  return contractAddress;
}

type CallOptions = { account?: Address; value?: bigint };

/** Binds a deployed contract to read, send (from the owner unless told) and simulate its functions. */
function contract(address: Address, abi: Abi) {
  return {
    address,
    read: (functionName: string, args: readonly unknown[] = []) =>
      client.readContract({ address, abi, functionName, args }),
    send: async (functionName: string, args: readonly unknown[], options: CallOptions = {}) => {
      const hash = await client.writeContract({ address, abi, functionName, args, account: owner, ...options });
      const receipt = await receiptOf(client, hash);
      expect(receipt.status).toBe('success');
      return parseEventLogs({ abi, logs: receipt.logs });
    },
    simulate: (functionName: string, args: readonly unknown[], options: CallOptions = {}) =>
      client.simulateContract({ address, abi, functionName, args, account: owner, ...options }),
  };
}

describe('DevnetERC721', () => {
  const price = parseEther('0.01');
  let nft: ReturnType<typeof contract>;

  beforeAll(async () => {
    const args = ['Devnet Apes', 'DAPE', 3n, price, 'ipfs://apes/', 'ipfs://apes/hidden.json', royaltyReceiver, 500n];
    nft = contract(await deploy(artifacts.DevnetERC721, args), artifacts.DevnetERC721.abi);
  });

  test('mints paid sequential ids from 1 up to the maximum supply', async () => {
    await nft.send('mint', [buyer, 2n], { account: buyer, value: 2n * price });

    expect(await nft.read('ownerOf', [1n])).toBe(buyer);
    expect(await nft.read('ownerOf', [2n])).toBe(buyer);
    expect(await nft.read('totalSupply')).toBe(2n);
    await expect(nft.simulate('mint', [buyer, 1n], { account: buyer, value: price - 1n })).rejects.toThrow(
      /WrongPayment/,
    );
    await expect(nft.simulate('mint', [buyer, 2n], { account: buyer, value: 2n * price })).rejects.toThrow(
      /MaxSupplyExceeded/,
    );
  });

  test('hides token URIs until the owner reveals them', async () => {
    expect(await nft.read('revealed')).toBe(false);
    expect(await nft.read('tokenURI', [1n])).toBe('ipfs://apes/hidden.json');
    await expect(nft.read('tokenURI', [3n])).rejects.toThrow(/ERC721NonexistentToken/);
    await expect(nft.simulate('reveal', [], { account: buyer })).rejects.toThrow(/OwnableUnauthorizedAccount/);

    const events = await nft.send('reveal', []);

    expect(events).toMatchObject([
      { eventName: 'BatchMetadataUpdate', args: { _fromTokenId: 1n, _toTokenId: maxUint256 } },
    ]);
    expect(await nft.read('tokenURI', [1n])).toBe('ipfs://apes/1');
  });

  test('reports royalties and its interfaces', async () => {
    expect(await nft.read('royaltyInfo', [1n, parseEther('1')])).toEqual([royaltyReceiver, parseEther('0.05')]);
    for (const interfaceId of ['0x01ffc9a7', '0x80ac58cd', '0x5b5e139f', '0x2a55205a', '0x49064906']) {
      expect(await nft.read('supportsInterface', [interfaceId])).toBe(true);
    }
    expect(await nft.read('supportsInterface', ['0xffffffff'])).toBe(false);
  });

  test('pays the mint proceeds to its owner', async () => {
    expect(await client.getBalance({ address: nft.address })).toBe(2n * price);

    await nft.send('withdraw', []);

    expect(await client.getBalance({ address: nft.address })).toBe(0n);
  });
});

describe('DevnetERC1155', () => {
  const price = parseEther('0.002');
  let editions: ReturnType<typeof contract>;

  beforeAll(async () => {
    const args = ['Devnet Editions', 'DED', 5n, price, 'https://example.test/editions/', royaltyReceiver, 250n];
    editions = contract(await deploy(artifacts.DevnetERC1155, args), artifacts.DevnetERC1155.abi);
  });

  test('mints ids 1 to tokenCount for the price per unit', async () => {
    await editions.send('mint', [buyer, 2n, 5n], { account: buyer, value: 5n * price });

    expect(await editions.read('balanceOf', [buyer, 2n])).toBe(5n);
    expect(await editions.read('totalSupply', [2n])).toBe(5n);
    await expect(editions.simulate('mint', [buyer, 0n, 1n], { value: price })).rejects.toThrow(/UnknownToken/);
    await expect(editions.simulate('mint', [buyer, 6n, 1n], { value: price })).rejects.toThrow(/UnknownToken/);
    await expect(editions.simulate('mint', [buyer, 1n, 2n], { value: price })).rejects.toThrow(/WrongPayment/);
  });

  test('describes itself', async () => {
    expect(await editions.read('name')).toBe('Devnet Editions');
    expect(await editions.read('symbol')).toBe('DED');
    expect(await editions.read('tokenCount')).toBe(5n);
    expect(await editions.read('uri', [2n])).toBe('https://example.test/editions/2');
    expect(await editions.read('royaltyInfo', [2n, 10_000n])).toEqual([royaltyReceiver, 250n]);
    for (const interfaceId of ['0x01ffc9a7', '0xd9b67a26', '0x0e89341c', '0x2a55205a']) {
      expect(await editions.read('supportsInterface', [interfaceId])).toBe(true);
    }
  });
});

describe('EthUsdFeed', () => {
  let feed: ReturnType<typeof contract>;

  beforeAll(async () => {
    feed = contract(await deploy(artifacts.EthUsdFeed, [3000_00000000n]), artifacts.EthUsdFeed.abi);
  });

  test('describes itself as Chainlink ETH / USD feeds do', async () => {
    expect(await feed.read('decimals')).toBe(8);
    expect(await feed.read('description')).toBe('ETH / USD');
    expect(await feed.read('version')).toBe(4n);
  });

  test('starts a round with each answer', async () => {
    const [firstRound, firstAnswer] = (await feed.read('latestRoundData')) as [bigint, bigint];
    expect([firstRound, firstAnswer]).toEqual([1n, 3000_00000000n]);

    const events = await feed.send('updateAnswer', [3150_50000000n]);
    const { timestamp } = await client.getBlock();

    expect(events).toMatchObject([
      { eventName: 'NewRound', args: { roundId: 2n, startedBy: owner, startedAt: timestamp } },
      { eventName: 'AnswerUpdated', args: { current: 3150_50000000n, roundId: 2n, updatedAt: timestamp } },
    ]);
    expect(await feed.read('latestRoundData')).toEqual([2n, 3150_50000000n, timestamp, timestamp, 2n]);
    expect(((await feed.read('getRoundData', [1n])) as unknown[]).slice(0, 2)).toEqual([1n, 3000_00000000n]);
    await expect(feed.read('getRoundData', [3n])).rejects.toThrow(/No data present/);
    await expect(feed.simulate('updateAnswer', [1n], { account: buyer })).rejects.toThrow(/OwnableUnauthorizedAccount/);
  });
});

test('deploys Seaport 1.6 on its ConduitController', async () => {
  const controller = await deploy(artifacts.ConduitController, []);
  const seaport = contract(await deploy(artifacts.Seaport, [controller]), artifacts.Seaport.abi);

  const [version, , conduitController] = (await seaport.read('information')) as [string, unknown, Address];

  expect(version).toBe('1.6');
  expect(isAddressEqual(conduitController, controller)).toBe(true);
});
