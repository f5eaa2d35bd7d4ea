import {
  type Address,
  type Hex,
  hexToBigInt,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  type TypedDataDomain,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Eip1193Provider } from '../../lib/wallet/wallets';
import { ProviderCode, ProviderRpcError, userRejected } from './provider-error';
import type { Rpc } from './rpc';
import type { DevnetWalletState } from './remembered-wallet';

export type TypedDataRequest = {
  domain: TypedDataDomain;
  types: Record<string, readonly { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
};

export type TransactionFees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint };

/** A transaction as the user confirms it: every field the wallet signs but the nonce, which it reads afterwards. */
export type TransactionDraft = { to: Address | null; value: bigint; data: Hex; gas: bigint; fees: TransactionFees };

/** What the wallet asks the user before it connects, signs or sends, as a browser wallet's pop-up would. */
export type ConfirmRequest =
  | { kind: 'connect'; account: Address }
  | { kind: 'message'; account: Address; message: Hex }
  | { kind: 'typed-data'; account: Address; typedData: TypedDataRequest }
  | { kind: 'transaction'; account: Address; transaction: TransactionDraft };

export type DevnetProviderOptions = {
  /** The devnet's chain: the only one this wallet is ever on. */
  chainId: number;
  /** The devnet node, reached through the app's /rpc: reads and eth_sendRawTransaction only. */
  rpc: Rpc;
  /** Shows the request and answers whether the user confirmed it. */
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  state: DevnetWalletState;
  /** The chosen account or the connection changed: the wallet remembers it. */
  onStateChange: (state: DevnetWalletState) => void;
};

export type DevnetProvider = Eip1193Provider & {
  /** The user picked this account in the wallet, for this site: choosing is the approval, so it connects. */
  choose(account: { privateKey: Hex; address: Address }): void;
};

/** What a dapp reads through its wallet; the wallet passes these to its node as they are. */
const NODE_READS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
]);

/** A fee cap that survives six full blocks of base-fee increases (12.5% each), as browser wallets suggest. */
const BASE_FEE_HEADROOM = 2n;

type TransactionAsk = { from?: unknown; to?: unknown; data?: unknown; input?: unknown; chainId?: unknown } & Partial<
  Record<'value' | 'gas' | 'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas' | 'nonce', unknown>
>;

function invalid(message: string): ProviderRpcError {
  return new ProviderRpcError(ProviderCode.InvalidParams, message);
}

function quantity(value: unknown, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isHex(value)) throw invalid(`${field} must be a hex quantity.`);
  return hexToBigInt(value);
}

/**
 * The key as viem's local account, made when it first signs rather than when the wallet starts: it costs the page's
 * first secp256k1 work, which a reload would otherwise spend within the second the navigation guard gives the wallet.
 */
async function localAccount(privateKey: Hex): Promise<PrivateKeyAccount> {
  const { privateKeyToAccount } = await import('viem/accounts');
  return privateKeyToAccount(privateKey);
}

function paramsOf(params: unknown): readonly unknown[] {
  if (params === undefined) return [];
  if (!Array.isArray(params)) throw invalid('params must be an array.');
  return params;
}

/**
 * An EIP-1193 wallet in the page, over one local key: it answers what wagmi asks, shows the user every connection,
 * signature and transaction and acts only once confirmed, signs with viem's local account, and broadcasts with
 * eth_sendRawTransaction, filling nonce, gas and fees from reads, so its node needs to serve nothing else.
 */
export function createDevnetProvider({
  chainId,
  rpc,
  confirm,
  state,
  onStateChange,
}: DevnetProviderOptions): DevnetProvider {
  let current = state;
  const listeners = new Map<string, Set<(payload: never) => void>>();

  const exposed = (): Address[] => (current.connected ? [current.address] : []);

  function emit(event: string, payload: unknown): void {
    for (const listener of listeners.get(event) ?? []) (listener as (payload: unknown) => void)(payload);
  }

  /** Applies `next`, remembers it, and tells the dapp when the accounts it sees changed. */
  function update(next: DevnetWalletState): void {
    const before = exposed();
    current = next;
    onStateChange(next);
    const after = exposed();
    if (before.length !== after.length || before.some((address, i) => address !== after[i]))
      emit('accountsChanged', after);
  }

  async function connect(): Promise<void> {
    if (current.connected) return;
    if (!(await confirm({ kind: 'connect', account: current.address }))) throw userRejected();
    update({ ...current, connected: true });
  }

  /** The signer must be the connected account, as a wallet refuses to sign for an account it has not granted. */
  function signer(from: unknown): DevnetWalletState {
    if (!current.connected || typeof from !== 'string' || !isAddress(from) || !isAddressEqual(from, current.address)) {
      throw new ProviderRpcError(
        ProviderCode.Unauthorized,
        'The requested account has not been authorized by the user.',
      );
    }
    return current;
  }

  function onOurChain(requested: unknown): void {
    if (requested !== undefined && Number(requested) !== chainId) {
      throw new ProviderRpcError(ProviderCode.WrongChain, `The devnet wallet is on chain ${chainId} only.`);
    }
  }

  async function personalSign([message, from]: readonly unknown[]): Promise<Hex> {
    const signing = signer(from);
    if (!isHex(message)) throw invalid('personal_sign takes the message as hex.');
    if (!(await confirm({ kind: 'message', account: signing.address, message }))) throw userRejected();
    return (await localAccount(signing.privateKey)).signMessage({ message: { raw: message } });
  }

  async function signTypedData([from, json]: readonly unknown[]): Promise<Hex> {
    const signing = signer(from);
    let typedData: TypedDataRequest;
    try {
      typedData = (typeof json === 'string' ? JSON.parse(json) : json) as TypedDataRequest;
    } catch {
      throw invalid('eth_signTypedData_v4 takes the typed data as JSON.');
    }
    if (typeof typedData?.primaryType !== 'string' || typeof typedData.types !== 'object' || typedData.types === null) {
      throw invalid('The typed data needs types and a primaryType.');
    }
    onOurChain(typedData.domain?.chainId);
    if (!(await confirm({ kind: 'typed-data', account: signing.address, typedData }))) throw userRejected();
    // viem derives the domain's type from the domain itself and refuses it among the others.
    const { EIP712Domain: _domain, ...types } = typedData.types;
    try {
      const account = await localAccount(signing.privateKey);
      return await account.signTypedData({ ...typedData, domain: typedData.domain ?? {}, types });
    } catch (error) {
      throw invalid(error instanceof Error ? error.message : String(error));
    }
  }

  async function feesFor(ask: TransactionAsk): Promise<TransactionFees> {
    const gasPrice = quantity(ask.gasPrice, 'gasPrice');
    if (gasPrice !== undefined) return { gasPrice };
    const maxFee = quantity(ask.maxFeePerGas, 'maxFeePerGas');
    const priority =
      quantity(ask.maxPriorityFeePerGas, 'maxPriorityFeePerGas') ??
      hexToBigInt((await rpc('eth_maxPriorityFeePerGas', [])) as Hex);
    if (maxFee !== undefined)
      return { maxFeePerGas: maxFee, maxPriorityFeePerGas: priority < maxFee ? priority : maxFee };
    const latest = (await rpc('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas: Hex };
    return {
      maxFeePerGas: hexToBigInt(latest.baseFeePerGas) * BASE_FEE_HEADROOM + priority,
      maxPriorityFeePerGas: priority,
    };
  }

  async function sendTransaction([raw]: readonly unknown[]): Promise<unknown> {
    if (typeof raw !== 'object' || raw === null) throw invalid('eth_sendTransaction takes a transaction object.');
    const ask = raw as TransactionAsk;
    const sending = signer(ask.from);
    onOurChain(ask.chainId);
    if (ask.to !== undefined && ask.to !== null && (typeof ask.to !== 'string' || !isAddress(ask.to))) {
      throw invalid('to must be an address.');
    }
    const to = (ask.to ?? null) as Address | null;
    const data = ask.data ?? ask.input ?? '0x';
    if (!isHex(data)) throw invalid('data must be hex.');
    const value = quantity(ask.value, 'value') ?? 0n;
    const [gas, fees] = await Promise.all([
      quantity(ask.gas, 'gas') ??
        rpc('eth_estimateGas', [{ from: sending.address, ...(to && { to }), data, value: numberToHex(value) }]).then(
          (estimate) => hexToBigInt(estimate as Hex),
        ),
      feesFor(ask),
    ]);
    const transaction: TransactionDraft = { to, value, data, gas, fees };
    if (!(await confirm({ kind: 'transaction', account: sending.address, transaction }))) throw userRejected();
    // Read after the user confirmed: another transaction may have gone out while the confirmation was open.
    const nonce =
      quantity(ask.nonce, 'nonce') ??
      hexToBigInt((await rpc('eth_getTransactionCount', [sending.address, 'pending'])) as Hex);
    const account = await localAccount(sending.privateKey);
    const signed = await account.signTransaction({ chainId, to, value, data, gas, nonce: Number(nonce), ...fees });
    return rpc('eth_sendRawTransaction', [signed]);
  }

  async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    const args = paramsOf(params);
    switch (method) {
      case 'eth_chainId':
        return numberToHex(chainId);
      case 'net_version':
        return String(chainId);
      case 'eth_accounts':
        return exposed();
      case 'eth_requestAccounts':
        await connect();
        return exposed();
      case 'wallet_requestPermissions':
        await connect();
        return [
          { parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: exposed() }] },
        ];
      case 'wallet_getPermissions':
        return current.connected
          ? [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: exposed() }] }]
          : [];
      case 'wallet_revokePermissions':
        update({ ...current, connected: false });
        return null;
      case 'wallet_switchEthereumChain': {
        const [target] = args as [{ chainId?: unknown } | undefined];
        if (Number(target?.chainId) !== chainId) {
          throw new ProviderRpcError(ProviderCode.UnknownChain, `The devnet wallet knows chain ${chainId} only.`);
        }
        return null;
      }
      case 'personal_sign':
        return personalSign(args);
      case 'eth_signTypedData_v4':
        return signTypedData(args);
      case 'eth_sendTransaction':
        return sendTransaction(args);
      default:
        if (NODE_READS.has(method)) return rpc(method, args);
        throw new ProviderRpcError(ProviderCode.Unsupported, `The devnet wallet does not support ${method}.`);
    }
  }

  return {
    choose({ privateKey, address }) {
      update({ privateKey, address, connected: true });
    },
    request,
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  };
}
