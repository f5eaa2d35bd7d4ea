import type { SweepTransaction } from '@floordesk/protocol';
import { getAddress, type TypedDataDefinition } from 'viem';
import { type Connector, ProviderNotFoundError } from 'wagmi';
import { connect, disconnect, sendTransaction, signMessage, signTypedData, switchChain } from 'wagmi/actions';
import { isSupportedChainId, type SupportedChainId, wagmiConfig } from './wagmi-config';
import { walletStore } from './wallet-store';
import type { Wallet } from './wallets';

type Address = `0x${string}`;

/** wagmi's connector for `wallet`: it names them by rdns and 'injected' too. */
function connectorOf(wallet: Wallet): Connector {
  const connector = wagmiConfig.connectors.find((candidate) => candidate.id === wallet.id);
  if (!connector) throw new ProviderNotFoundError();
  return connector;
}

/** Asks the wallet for an account (its prompt) and makes it the connected wallet; answers the account. */
export async function connectWallet(wallet: Wallet): Promise<Address> {
  const { accounts, chainId } = await connect(wagmiConfig, { connector: connectorOf(wallet) });
  walletStore.getState().connected(wallet, accounts, chainId);
  return accounts[0];
}

/** The wallet's account (checksummed, as wagmi gives it): the connected one, else connecting asks for one. */
export async function accountOf(wallet: Wallet): Promise<Address> {
  const { status, wallet: connected, account } = walletStore.getState();
  if (status === 'connected' && connected?.id === wallet.id && account) return getAddress(account);
  return connectWallet(wallet);
}

/** Has `account` of the wallet sign `message` (personal_sign). */
export function signWalletMessage(wallet: Wallet, account: Address, message: string): Promise<`0x${string}`> {
  return signMessage(wagmiConfig, { connector: connectorOf(wallet), account, message });
}

/**
 * Has `account` of the wallet sign EIP-712 `typedData` (eth_signTypedData_v4): a listing, or a bulk tree of many.
 * Wallets check the domain's chain against their own.
 */
export function signWalletTypedData(
  wallet: Wallet,
  account: Address,
  typedData: TypedDataDefinition<Record<string, unknown>, string>,
): Promise<`0x${string}`> {
  return signTypedData(wagmiConfig, { connector: connectorOf(wallet), account, ...typedData });
}

/** Asks the wallet to switch to `chainId`; chains FloorDesk does not know are left alone. */
export async function switchWalletChain(wallet: Wallet, chainId: number): Promise<void> {
  if (!isSupportedChainId(chainId)) return;
  const chain = await switchChain(wagmiConfig, { connector: connectorOf(wallet), chainId });
  walletStore.getState().chainSwitched(wallet, chain.id);
}

/**
 * Asks the wallet for account access again (code 4100, unauthorised). wagmi refuses to connect a connector it
 * believes connected, so it is dropped first; the wallet then prompts with eth_requestAccounts.
 */
export async function requestAccountAccess(wallet: Wallet): Promise<void> {
  await disconnect(wagmiConfig, { connector: connectorOf(wallet) });
  walletStore.getState().disconnected(wallet);
  await connectWallet(wallet);
}

type GasFields = 'gas' | 'max_fee_per_gas' | 'max_priority_fee_per_gas';

/**
 * What the wallet is asked to send: a sweep's transaction, or one that leaves its gas limit and fees to the wallet
 * (a subscription's `subscribe`), which then leaves `gas` and the fees out or null.
 */
export type WalletTransaction = Omit<SweepTransaction, 'from' | GasFields> & {
  [field in GasFields]?: string | null;
};

/**
 * Has `account` of the wallet send `tx` (eth_sendTransaction) and answers its hash. It goes through the connector,
 * so to the wallet's own provider: wagmi's HTTP transports point at public nodes, not the chain FloorDesk trades
 * on. A gas limit or fees left out (null, as a preset may leave the fees) are left for the wallet to fill in.
 */
export async function sendWalletTransaction(
  wallet: Wallet,
  account: Address,
  tx: WalletTransaction,
): Promise<`0x${string}`> {
  const fees =
    tx.max_fee_per_gas != null && tx.max_priority_fee_per_gas != null
      ? { maxFeePerGas: BigInt(tx.max_fee_per_gas), maxPriorityFeePerGas: BigInt(tx.max_priority_fee_per_gas) }
      : {};
  return sendTransaction(wagmiConfig, {
    connector: connectorOf(wallet),
    account,
    // The wallet checks it is on this chain; wagmi needs to know the chain only for its own transports.
    chainId: tx.chain_id as SupportedChainId,
    to: tx.to as Address,
    data: tx.data as `0x${string}`,
    value: BigInt(tx.value),
    ...(tx.gas == null ? {} : { gas: BigInt(tx.gas) }),
    ...fees,
  });
}
