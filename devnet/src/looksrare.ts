import {
  type Artifact,
  type Artifacts,
  LOOKSRARE_ABI,
  LOOKSRARE_TRANSFER_MANAGER_ABI,
  receiptOf,
} from '@floordesk/contracts';
import {
  type Account,
  type Address,
  type Chain,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  isAddressEqual,
  type PublicClient,
  type Transport,
  type WalletClient,
  zeroAddress,
} from 'viem';
import { DEVNET_ERC721_ABI } from './devnet-abi';

/** LooksRare v2 as the devnet runs it; the deployer owns every contract that has an owner. */
export type DevnetLooksRare = {
  protocol: Address;
  transferManager: Address;
  /** The WETH currency the protocol accepts beside ETH, and wraps ETH into when a recipient refuses it. */
  weth: Address;
  /** Receives the protocol fee. */
  protocolFeeRecipient: Address;
  /** CreatorFeeManagerWithRoyalties: the creator fee is the royalty the registry, or else ERC-2981, names. */
  creatorFeeManager: Address;
  /** The registry the creator-fee manager asks first; empty, so each collection's ERC-2981 royalty applies. */
  royaltyFeeRegistry: Address;
};

/**
 * The most a registry entry may charge, in basis points: the protocol's own cap on creator fees (`maxCreatorFeeBp`
 * in 0.1.3), so that no entry can make a trade revert with `CreatorFeeBpTooHigh`.
 */
const ROYALTY_FEE_LIMIT_BP = 1_000n;

/**
 * Deploys LooksRare v2 (0.1.3) in the order of LooksRare's own deployment script: TransferManager, WETH, the protocol,
 * the creator-fee manager, then the protocol allowed as the TransferManager's operator, ETH and WETH allowed as
 * currencies and the creator-fee manager set. Sellers still have to approve the TransferManager and grant it the
 * protocol (`grantApprovals`) before their orders can fill.
 */
export async function deployLooksRare(options: {
  chain: PublicClient<Transport, Chain>;
  deployer: WalletClient<Transport, Chain, Account>;
  artifacts: Artifacts;
  protocolFeeRecipient: Address;
}): Promise<DevnetLooksRare> {
  const { chain, deployer, artifacts, protocolFeeRecipient } = options;
  const owner = deployer.account.address;
  const deploy = async (artifact: Artifact, args: unknown[]): Promise<Address> => {
    const hash = await deployer.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
    const receipt = await receiptOf(chain, hash);
    if (!receipt.contractAddress) throw new Error('LooksRare deploy produced no contract');
    return receipt.contractAddress;
  };
  const confirm = async (sent: Promise<Hex>): Promise<void> => {
    const hash = await sent;
    if ((await receiptOf(chain, hash)).status !== 'success') throw new Error(`transaction ${hash} reverted`);
  };
  const send = (address: Address, artifact: Artifact, functionName: string, args: unknown[]) =>
    confirm(deployer.writeContract({ address, abi: artifact.abi, functionName, args }));

  const transferManager = await deploy(artifacts.TransferManager, [owner]);
  const weth = await deploy(artifacts.WETH, []);
  // The protocol keeps 1 wei whenever it hands back unspent ETH, so that its balance never returns to zero; LooksRare
  // seeds it at deploy. It has no receive or fallback function, so a transfer once it exists reverts: the wei goes to
  // its address first, which CREATE derives from the deployer's next nonce after this transfer.
  const nonce = await chain.getTransactionCount({ address: owner, blockTag: 'pending' });
  const expectedProtocol = getContractAddress({ from: owner, nonce: BigInt(nonce + 1) });
  await confirm(deployer.sendTransaction({ to: expectedProtocol, value: 1n, nonce }));
  const protocol = await deploy(artifacts.LooksRareProtocol, [owner, protocolFeeRecipient, transferManager, weth]);
  if (!isAddressEqual(protocol, expectedProtocol)) {
    throw new Error(`LooksRareProtocol landed at ${protocol}, not ${expectedProtocol}: its 1 wei went elsewhere`);
  }
  const royaltyFeeRegistry = await deploy(artifacts.MockRoyaltyFeeRegistry, [owner, ROYALTY_FEE_LIMIT_BP]);
  const creatorFeeManager = await deploy(artifacts.CreatorFeeManagerWithRoyalties, [royaltyFeeRegistry]);

  await send(transferManager, artifacts.TransferManager, 'allowOperator', [protocol]);
  await send(protocol, artifacts.LooksRareProtocol, 'updateCurrencyStatus', [zeroAddress, true]);
  await send(protocol, artifacts.LooksRareProtocol, 'updateCurrencyStatus', [weth, true]);
  await send(protocol, artifacts.LooksRareProtocol, 'updateCreatorFeeManager', [creatorFeeManager]);

  return { protocol, transferManager, weth, protocolFeeRecipient, creatorFeeManager, royaltyFeeRegistry };
}

/**
 * The transactions `seller` still has to send before LooksRare can sell their NFTs of `collection`, as on mainnet:
 * approving the TransferManager on the collection, and granting it the exchange (once per wallet).
 */
export async function missingLooksRareApprovals(
  chain: PublicClient<Transport, Chain>,
  looksRare: DevnetLooksRare,
  seller: Address,
  collection: Address,
): Promise<Array<{ to: Address; data: Hex }>> {
  const { transferManager, protocol } = looksRare;
  // ERC-1155 declares both approval functions with the same signatures as ERC-721.
  const [approved, granted] = await Promise.all([
    chain.readContract({
      address: collection,
      abi: DEVNET_ERC721_ABI,
      functionName: 'isApprovedForAll',
      args: [seller, transferManager],
    }),
    chain.readContract({
      address: transferManager,
      abi: LOOKSRARE_TRANSFER_MANAGER_ABI,
      functionName: 'hasUserApprovedOperator',
      args: [seller, protocol],
    }),
  ]);
  const missing: Array<{ to: Address; data: Hex }> = [];
  if (!approved) {
    missing.push({
      to: collection,
      data: encodeFunctionData({
        abi: DEVNET_ERC721_ABI,
        functionName: 'setApprovalForAll',
        args: [transferManager, true],
      }),
    });
  }
  if (!granted) {
    missing.push({
      to: transferManager,
      data: encodeFunctionData({
        abi: LOOKSRARE_TRANSFER_MANAGER_ABI,
        functionName: 'grantApprovals',
        args: [[protocol]],
      }),
    });
  }
  return missing;
}

/** The seller's current ask nonce on the exchange: the global nonce every new ask is signed with. */
export async function askNonce(
  chain: PublicClient<Transport, Chain>,
  looksRare: Pick<DevnetLooksRare, 'protocol'>,
  seller: Address,
): Promise<bigint> {
  const [, nonce] = await chain.readContract({
    address: looksRare.protocol,
    abi: LOOKSRARE_ABI,
    functionName: 'userBidAskNonces',
    args: [seller],
  });
  return nonce;
}
