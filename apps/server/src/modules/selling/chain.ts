import { BaseError, ContractFunctionRevertedError, ContractFunctionZeroDataError, ExecutionRevertedError } from 'viem';

/**
 * Whether a failed read or estimate is the contract's own answer (it reverted, or has no such function and answered
 * nothing) rather than a node that could not be asked. Only the latter is 1299: a collection without ERC-2981 or a
 * token nobody owns is a fact about the chain.
 */
export function isRevert(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk(
      (cause) =>
        cause instanceof ContractFunctionRevertedError ||
        cause instanceof ContractFunctionZeroDataError ||
        cause instanceof ExecutionRevertedError,
    ) !== null
  );
}

/** A catch handler: a revert answers `fallback`, anything else (the node is down) is thrown on. */
export function onRevert<T>(fallback: T) {
  return (error: unknown): T => {
    if (isRevert(error)) return fallback;
    throw error;
  };
}
