import {
  ChainDisconnectedError,
  InternalRpcError,
  InvalidParamsRpcError,
  SwitchChainError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from 'viem';

/** The codes of EIP-1193 (and JSON-RPC) a dapp reads from a wallet's refusal; viem's error classes carry them. */
export const ProviderCode = {
  UserRejected: UserRejectedRequestError.code,
  Unauthorized: UnauthorizedProviderError.code,
  Unsupported: UnsupportedProviderMethodError.code,
  /** The wallet is not on the chain a request is for. */
  WrongChain: ChainDisconnectedError.code,
  /** wallet_switchEthereumChain to a chain the wallet does not know. */
  UnknownChain: SwitchChainError.code,
  InvalidParams: InvalidParamsRpcError.code,
  Internal: InternalRpcError.code,
} as const;

/** An error as a wallet's `request` rejects with it: a message, its code and, from a node, its data (revert data). */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function userRejected(): ProviderRpcError {
  return new ProviderRpcError(ProviderCode.UserRejected, 'User rejected the request.');
}
