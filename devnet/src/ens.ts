import { createRequire } from 'node:module';
import { receiptOf } from '@floordesk/contracts';
import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hex,
  labelhash,
  namehash,
  type PublicClient,
  type Transport,
  type WalletClient,
  zeroHash,
} from 'viem';
import { ACCOUNT_PLAN, devnetAccount } from './accounts';

/** The ENS contracts as the registry's packages ship them compiled (no compiler needed). */
type Compiled = { abi: Abi; bytecode: Hex };
const require = createRequire(import.meta.url);
const compiled = (path: string): Compiled => require(path) as Compiled;

/** Where the devnet's ENS lives. */
export type DevnetEns = { registry: Address; reverseRegistrar: Address; publicResolver: Address };

/**
 * `.eth` names of the devnet's accounts, by account index: the people (but the last, who has none, so that an
 * address without a name is there to try) and the trader bots. Each forward record points at its account and each
 * account claims its name in reverse.
 */
export const DEVNET_ENS_LABELS: Readonly<Record<number, string>> = {
  0: 'alice',
  1: 'bob',
  2: 'carol',
  3: 'dave',
  ...Object.fromEntries(
    [
      'atlas',
      'birch',
      'cobalt',
      'dune',
      'ember',
      'fjord',
      'garnet',
      'harbor',
      'iris',
      'juniper',
      'kestrel',
      'lumen',
      'maple',
      'nova',
      'onyx',
      'pike',
      'quartz',
      'raven',
      'sable',
      'tundra',
    ].map((label, i) => [ACCOUNT_PLAN.bots.from + i, `${label}-trader`]),
  ),
};

/**
 * One bot claims a name in reverse that it does not hold, as anyone can on ENS: its reverse record names
 * `alice.eth`, whose forward record points at account 0. A verifying reader must not show it.
 */
export const DEVNET_ENS_SPOOF = { account: ACCOUNT_PLAN.bots.from + ACCOUNT_PLAN.bots.count - 1, claims: 'alice.eth' };

/** The verified `.eth` name of each named account's address. */
export function devnetEnsNames(): Map<Address, string> {
  const names = new Map<Address, string>();
  for (const [index, label] of Object.entries(DEVNET_ENS_LABELS)) {
    if (Number(index) === DEVNET_ENS_SPOOF.account) continue;
    names.set(devnetAccount(Number(index)).address, `${label}.eth`);
  }
  return names;
}

/**
 * Deploys ENS as mainnet runs it, from `@ensdomains/ens` 0.6.2 and `@ensdomains/resolver` 0.3.1: the registry (the
 * deployer owns the root), a PublicResolver, the `eth` node and the ReverseRegistrar owning `addr.reverse`. Then
 * names the accounts: forward records from the deployer, and each account's own reverse claim, all sent at once
 * (each account has its own nonce; the deployer's follow one another).
 */
export async function deployEns(
  chain: PublicClient<Transport, Chain>,
  wallet: (account: Account) => WalletClient<Transport, Chain, Account>,
  deployerAccount: Account,
): Promise<DevnetEns> {
  const deployer = wallet(deployerAccount);
  const owner = deployerAccount.address;
  const deploy = async (contract: Compiled, args: unknown[]): Promise<Address> => {
    const hash = await deployer.deployContract({ abi: contract.abi, bytecode: contract.bytecode, args });
    const receipt = await receiptOf(chain, hash);
    if (!receipt.contractAddress) throw new Error('ENS deploy produced no contract');
    return receipt.contractAddress;
  };
  const registryArtifact = compiled('@ensdomains/ens/build/contracts/ENSRegistry.json');
  const resolverArtifact = compiled('@ensdomains/resolver/build/contracts/PublicResolver.json');
  const reverseArtifact = compiled('@ensdomains/ens/build/contracts/ReverseRegistrar.json');
  const registry = await deploy(registryArtifact, []);
  const publicResolver = await deploy(resolverArtifact, [registry]);
  const reverseRegistrar = await deploy(reverseArtifact, [registry, publicResolver]);

  const confirmAll = async (sent: Array<Promise<Hex>>) => {
    const receipts = await Promise.all((await Promise.all(sent)).map((hash) => receiptOf(chain, hash)));
    if (receipts.some((receipt) => receipt.status !== 'success')) throw new Error('an ENS setup transaction reverted');
  };
  const asDeployer = (address: Address, abi: Abi, functionName: string, args: unknown[]) =>
    deployer.writeContract({ address, abi, functionName, args });
  // The deployer's transactions go one after another: each waits for the one before (their nonces).
  const inOrder = async (calls: Array<() => Promise<Hex>>) => {
    for (const call of calls) await confirmAll([call()]);
  };
  await inOrder([
    () => asDeployer(registry, registryArtifact.abi, 'setSubnodeOwner', [zeroHash, labelhash('eth'), owner]),
    () => asDeployer(registry, registryArtifact.abi, 'setSubnodeOwner', [zeroHash, labelhash('reverse'), owner]),
    () =>
      asDeployer(registry, registryArtifact.abi, 'setSubnodeOwner', [
        namehash('reverse'),
        labelhash('addr'),
        reverseRegistrar,
      ]),
  ]);
  const named = Object.entries(DEVNET_ENS_LABELS).map(([index, label]) => ({
    index: Number(index),
    account: devnetAccount(Number(index)),
    label,
  }));
  await inOrder(
    named.flatMap(({ account, label }) => [
      () =>
        asDeployer(registry, registryArtifact.abi, 'setSubnodeRecord', [
          namehash('eth'),
          labelhash(label),
          owner,
          publicResolver,
          0n,
        ]),
      () => asDeployer(publicResolver, resolverArtifact.abi, 'setAddr', [namehash(`${label}.eth`), account.address]),
    ]),
  );
  await confirmAll(
    named.map(({ index, account, label }) =>
      wallet(account).writeContract({
        address: reverseRegistrar,
        abi: reverseArtifact.abi,
        functionName: 'setName',
        args: [index === DEVNET_ENS_SPOOF.account ? DEVNET_ENS_SPOOF.claims : `${label}.eth`],
      }),
    ),
  );
  return { registry, reverseRegistrar, publicResolver };
}
