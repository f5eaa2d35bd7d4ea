import {
  listingOrder,
  loadArtifacts,
  MAINNET_SEAPORT_DEPLOYMENT,
  type OrderComponents,
  receiptOf,
  seaportTypedData,
} from '@floordesk/contracts';
import { type Anvil, DEVNET_ERC721_ABI, devnetAccount, startAnvil } from '@floordesk/devnet';
import { MAINNET_CHAIN_ID } from '@floordesk/protocol';
import {
  type Account,
  type Address,
  type Chain,
  concat,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  type Hex,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
  zeroHash,
} from 'viem';
import { MAINNET_CONTRACTS } from '../chain/chain-contracts';
import { afterAll, beforeAll } from 'vitest';

/**
 * A CREATE2 factory's runtime, assembled by hand: calldata is a salt followed by initcode, which it deploys with
 * CREATE2 and answers the address of (reverting when nothing was deployed). At the keyless factory's address it
 * derives the same addresses as mainnet's factory.
 *
 *   PUSH1 32 CALLDATASIZE SUB DUP1 PUSH1 32 PUSH1 0 CALLDATACOPY      initcode → memory 0
 *   PUSH1 0 CALLDATALOAD SWAP1 PUSH1 0 PUSH1 0 CREATE2               CREATE2(0, 0, size, salt)
 *   DUP1 EXTCODESIZE ISZERO PUSH1 33 JUMPI                            nothing deployed → revert
 *   PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN  JUMPDEST PUSH1 0 DUP1 REVERT
 */
const CREATE2_FACTORY_RUNTIME: Hex = concat([
  '0x6020360380602060003760003590',
  '0x60006000f5803b15602157',
  '0x60005260206000f3',
  '0x5b600080fd',
]);

export type PlainMainnet = {
  rpcUrl: string;
  chainId: number;
  client: PublicClient<Transport, Chain>;
  wallet(account: Account): WalletClient<Transport, Chain, Account>;
  /** An ERC-721 collection of `supply` tokens, ids 1…, all held by `seller`, who approved Seaport for them. */
  collection: Address;
  seller: Account;
  buyer: Account;
  /**
   * The seller's listing of `tokenId` as OpenSea's front end builds one (the seller's proceeds, OpenSea's 2.5 % to
   * its fee recipient, a 5 % royalty), approved to Seaport itself, signed by `signer` (the seller unless another).
   */
  openSeaListing(
    tokenId: bigint,
    priceWei: bigint,
    options?: { counter?: bigint; signer?: Account },
  ): Promise<{ order: OrderComponents; signature: Hex }>;
  stop(): Promise<void>;
};

/** OpenSea's fee recipient: the consideration item the order book tells OpenSea's listings by. */
const OPENSEA_FEE_RECIPIENT = MAINNET_CONTRACTS.marketplaces[0]!.feeRecipients[0]!;

/**
 * A chain without FloorDesk's devnet: a plain anvil with mainnet's chain id, on which Seaport 1.6 is deployed as it
 * was on mainnet — the same initcode (the artifact is byte-identical) and salt through a CREATE2 factory at the
 * keyless factory's address, mainnet's ConduitController code at its address — so its runtime, address and EIP-712
 * domain are mainnet's. On it, one plain ERC-721 collection, its tokens held by a seller who approved Seaport
 * itself (conduit key 0: OpenSea's conduit exists only on a chain whose ConduitController created it).
 */
export async function startPlainMainnet({ supply = 5 }: { supply?: number } = {}): Promise<PlainMainnet> {
  const artifacts = await loadArtifacts();
  const anvil: Anvil = await startAnvil({ chainId: MAINNET_CHAIN_ID });
  const chain = defineChain({
    id: MAINNET_CHAIN_ID,
    name: 'plain mainnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const transport = http(anvil.rpcUrl);
  const client = createPublicClient({ chain, transport });
  const test = createTestClient({ chain, transport, mode: 'anvil' });
  const wallet = (account: Account) => createWalletClient({ chain, transport, account });
  const [deployer, seller, buyer] = [devnetAccount(0), devnetAccount(1), devnetAccount(2)] as const;
  const confirmed = async (hash: Promise<Hex>) => {
    const receipt = await receiptOf(client, await hash);
    if (receipt.status !== 'success') throw new Error(`transaction ${receipt.transactionHash} reverted`);
    return receipt;
  };

  const { create2Factory, salt, conduitController, seaport } = MAINNET_SEAPORT_DEPLOYMENT;
  const controller = await confirmed(
    wallet(deployer).deployContract({
      abi: artifacts.ConduitController.abi,
      bytecode: artifacts.ConduitController.bytecode,
    }),
  );
  const controllerCode = await client.getCode({ address: controller.contractAddress! });
  await test.setCode({ address: conduitController, bytecode: controllerCode! });
  await test.setCode({ address: create2Factory, bytecode: CREATE2_FACTORY_RUNTIME });
  const initcode = concat([
    artifacts.Seaport.bytecode,
    encodeAbiParameters([{ type: 'address' }], [conduitController]),
  ]);
  await confirmed(
    wallet(deployer).sendTransaction({ to: create2Factory, data: concat([salt, initcode]), gas: 15_000_000n }),
  );
  if (!(await client.getCode({ address: seaport }))) throw new Error('Seaport was not deployed at its address');

  const collection = await confirmed(
    wallet(deployer).deployContract({
      abi: artifacts.DevnetERC721.abi,
      bytecode: artifacts.DevnetERC721.bytecode,
      args: ['Plain Apes', 'PLAIN', BigInt(supply), 0n, 'https://plain.invalid/', '', deployer.address, 500n],
    }),
  ).then((receipt) => receipt.contractAddress!);
  await confirmed(
    wallet(deployer).writeContract({
      address: collection,
      abi: DEVNET_ERC721_ABI,
      functionName: 'mint',
      args: [seller.address, BigInt(supply)],
    }),
  );
  await confirmed(
    wallet(seller).writeContract({
      address: collection,
      abi: DEVNET_ERC721_ABI,
      functionName: 'setApprovalForAll',
      args: [seaport, true],
    }),
  );
  let nextSalt = 1n;
  return {
    rpcUrl: anvil.rpcUrl,
    chainId: MAINNET_CHAIN_ID,
    client,
    wallet,
    collection: collection.toLowerCase() as Address,
    seller,
    buyer,
    async openSeaListing(tokenId, priceWei, { counter = 0n, signer = seller } = {}) {
      const now = BigInt(Math.floor(Date.now() / 1000));
      const order = listingOrder({
        offerer: seller.address,
        token: { address: collection, standard: 'erc721', royaltyBps: 500 },
        tokenId,
        amount: 1n,
        priceWei,
        marketplace: { conduitKey: zeroHash, feeRecipient: OPENSEA_FEE_RECIPIENT, feeBps: 250 },
        royaltyRecipient: deployer.address,
        startTime: now - 600n,
        endTime: now + 86_400n,
        salt: nextSalt++,
        counter,
      });
      const signature = await wallet(signer).signTypedData(seaportTypedData(order, MAINNET_CHAIN_ID, seaport));
      return { order, signature };
    },
    stop: () => anvil.stop(),
  };
}

/** The calling test file's plain mainnet chain, ready from `beforeAll` on and stopped after its last test. */
export function usePlainMainnet(): () => PlainMainnet {
  let started: PlainMainnet | undefined;
  beforeAll(async () => {
    started = await startPlainMainnet();
  });
  afterAll(() => started?.stop());
  return () => {
    if (!started) throw new Error('usePlainMainnet: the chain is ready from beforeAll on');
    return started;
  };
}
