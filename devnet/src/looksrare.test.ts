import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Artifact, compile, type ImmutableReferences, JOBS } from '@floordesk/contracts';
import {
  type Address,
  bytesToHex,
  createPublicClient,
  getAddress,
  type Hex,
  hexToBytes,
  http,
  parseAbi,
  parseEther,
  zeroAddress,
} from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PLAN, devnetAccount } from './accounts';
import { COLLECTIONS } from './catalog';
import { type Devnet, startDevnet } from './devnet';
import type { DevnetLooksRare } from './looksrare';

const PROTOCOL_ABI = parseAbi([
  'function protocolFeeRecipient() view returns (address)',
  'function transferManager() view returns (address)',
  'function WETH() view returns (address)',
  'function isCurrencyAllowed(address currency) view returns (bool)',
  'function creatorFeeManager() view returns (address)',
  'function maxCreatorFeeBp() view returns (uint16)',
]);
const TRANSFER_MANAGER_ABI = parseAbi(['function isOperatorAllowed(address operator) view returns (bool)']);
const CREATOR_FEE_MANAGER_ABI = parseAbi([
  'function royaltyFeeRegistry() view returns (address)',
  'function viewCreatorFeeInfo(address collection, uint256 price, uint256[] itemIds) view returns (address creator, uint256 creatorFeeAmount)',
]);
/** LooksRare's OwnableTwoSteps, which the protocol, the TransferManager and the registry share. */
const OWNABLE_ABI = parseAbi(['function owner() view returns (address)']);

let devnet: Devnet;
let dataDir: string;
let looksRare: DevnetLooksRare;
/** The jobs' output from a compile of their own, never read from or written to the artifact cache. */
const fresh = new Map<string, Partial<Record<string, Artifact>>>();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'floordesk-looksrare-'));
  devnet = await startDevnet({ dataDir, origin: 'http://127.0.0.1:1', blockTimeSeconds: 0 });
  looksRare = devnet.manifest.looksRare;
  for (const name of ['looksrare', 'floordesk']) {
    const job = JOBS.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`no compile job ${name}`);
    fresh.set(name, (await compile(job)).contracts);
  }
});

afterAll(async () => {
  await devnet?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function chain() {
  return createPublicClient({ chain: foundry, transport: http(devnet.rpcUrl) });
}

/** Zeroes each immutable's bytes: the constructor writes them into the runtime code, a compile leaves zeros there. */
function blankImmutables(code: Hex, references: ImmutableReferences): Hex {
  const bytes = hexToBytes(code);
  for (const ranges of Object.values(references)) {
    for (const { start, length } of ranges) bytes.fill(0, start, start + length);
  }
  return bytesToHex(bytes);
}

describe('LooksRare v2 on the devnet', () => {
  it("runs exactly the runtime code a fresh compile of LooksRare's sources gives, immutables aside", async () => {
    const deployed: Array<[address: Address, job: string, contract: string]> = [
      [looksRare.protocol, 'looksrare', 'LooksRareProtocol'],
      [looksRare.transferManager, 'looksrare', 'TransferManager'],
      [looksRare.creatorFeeManager, 'looksrare', 'CreatorFeeManagerWithRoyalties'],
      [looksRare.royaltyFeeRegistry, 'looksrare', 'MockRoyaltyFeeRegistry'],
      [looksRare.weth, 'floordesk', 'WETH'],
    ];
    const onChain: Record<string, Hex | undefined> = {};
    const compiled: Record<string, Hex | undefined> = {};
    /** Per contract, whether its deployed code differs from the compile's before blanking: it has immutables. */
    const immutablesWritten: Record<string, boolean> = {};
    for (const [address, job, contract] of deployed) {
      const artifact = fresh.get(job)?.[contract];
      if (!artifact) throw new Error(`the fresh ${job} compile produced no ${contract}`);
      const code = await chain().getCode({ address });
      const references = artifact.immutableReferences;
      onChain[contract] = code && blankImmutables(code, references);
      compiled[contract] = blankImmutables(artifact.deployedBytecode, references);
      immutablesWritten[contract] = code !== artifact.deployedBytecode;
    }

    expect(onChain).toEqual(compiled);
    // Blanking hid only what the constructors wrote: the contracts with immutables, and no other byte.
    expect(immutablesWritten).toEqual({
      LooksRareProtocol: true,
      TransferManager: false,
      CreatorFeeManagerWithRoyalties: true,
      MockRoyaltyFeeRegistry: false,
      WETH: true,
    });
  });

  it('is owned by the deployer, and the protocol points at its TransferManager, WETH and fee recipient', async () => {
    const client = chain();
    const deployer = devnetAccount(ACCOUNT_PLAN.deployer).address;
    const feeRecipient = devnetAccount(ACCOUNT_PLAN.looksRareFeeRecipient).address;
    const owner = (address: Address) => client.readContract({ address, abi: OWNABLE_ABI, functionName: 'owner' });
    const protocol = { address: looksRare.protocol, abi: PROTOCOL_ABI } as const;

    expect(await owner(looksRare.protocol)).toBe(deployer);
    expect(await owner(looksRare.transferManager)).toBe(deployer);
    expect(await owner(looksRare.royaltyFeeRegistry)).toBe(deployer);
    expect(await client.readContract({ ...protocol, functionName: 'transferManager' })).toBe(
      getAddress(looksRare.transferManager),
    );
    expect(await client.readContract({ ...protocol, functionName: 'WETH' })).toBe(getAddress(looksRare.weth));
    expect(await client.readContract({ ...protocol, functionName: 'protocolFeeRecipient' })).toBe(feeRecipient);
    expect(looksRare.protocolFeeRecipient).toBe(feeRecipient);
  });

  it('lets the protocol move approved NFTs and take ETH and WETH, and holds its 1 wei', async () => {
    const client = chain();

    expect(
      await client.readContract({
        address: looksRare.transferManager,
        abi: TRANSFER_MANAGER_ABI,
        functionName: 'isOperatorAllowed',
        args: [looksRare.protocol],
      }),
    ).toBe(true);
    const allowed = (currency: Address) =>
      client.readContract({
        address: looksRare.protocol,
        abi: PROTOCOL_ABI,
        functionName: 'isCurrencyAllowed',
        args: [currency],
      });
    expect({ eth: await allowed(zeroAddress), weth: await allowed(looksRare.weth) }).toEqual({ eth: true, weth: true });
    expect(await client.getBalance({ address: looksRare.protocol })).toBe(1n);
    // Why the wei was sent before the protocol existed: it refuses a plain transfer.
    await expect(
      client.call({ account: devnetAccount(ACCOUNT_PLAN.deployer).address, to: looksRare.protocol, value: 1n }),
    ).rejects.toThrow(/revert/i);
  });

  it("charges each collection's ERC-2981 royalty as the creator fee, within the protocol's cap", async () => {
    const client = chain();
    const price = parseEther('1');
    const maxCreatorFeeBp = await client.readContract({
      address: looksRare.protocol,
      abi: PROTOCOL_ABI,
      functionName: 'maxCreatorFeeBp',
    });

    expect(
      await client.readContract({ address: looksRare.protocol, abi: PROTOCOL_ABI, functionName: 'creatorFeeManager' }),
    ).toBe(getAddress(looksRare.creatorFeeManager));
    expect(
      await client.readContract({
        address: looksRare.creatorFeeManager,
        abi: CREATOR_FEE_MANAGER_ABI,
        functionName: 'royaltyFeeRegistry',
      }),
    ).toBe(getAddress(looksRare.royaltyFeeRegistry));
    for (const { slug, address } of devnet.manifest.collections) {
      const spec = COLLECTIONS.find((candidate) => candidate.slug === slug);
      const [creator, fee] = await client.readContract({
        address: looksRare.creatorFeeManager,
        abi: CREATOR_FEE_MANAGER_ABI,
        functionName: 'viewCreatorFeeInfo',
        args: [address, price, [1n]],
      });

      expect({ slug, creator, fee, withinCap: (spec?.royaltyBps ?? Infinity) <= maxCreatorFeeBp }).toEqual({
        slug,
        creator: devnetAccount(ACCOUNT_PLAN.deployer).address,
        fee: (price * BigInt(spec?.royaltyBps ?? 0)) / 10_000n,
        // A higher creator fee would make every LooksRare trade of the collection revert (CreatorFeeBpTooHigh).
        withinCap: true,
      });
    }
  });
});
