import { type GasEntry, isGasEntryComplete, presetFees } from '@floordesk/protocol';
import { formatWeiAsGwei, WEI_PER_GWEI } from './format';
import { useGasPrice } from './api/gas-price';

/**
 * The latest block's base fee in wei, from the bar's gas-price figure (Gwei, unrounded: on a quiet devnet it is a
 * few wei, which the protocol's 2-decimal `gweiToWei` would make 0); undefined until it arrives.
 */
export function useBaseFeeWei(): bigint | undefined {
  const { data, isError } = useGasPrice();
  if (isError || typeof data?.gas_price !== 'number') return undefined;
  return BigInt(Math.round(data.gas_price * WEI_PER_GWEI));
}

/** How a preset's fees read: not set yet, left to the wallet, or max and priority fee in Gwei. */
export type PresetFeeFigures = 'unset' | 'wallet' | { max: string; prio: string };

/**
 * What `entry` would put on a transaction at `baseFeeWei`, for display; undefined while the base fee is unknown.
 * A dynamic preset outbids pending buys the server sees, so with none pending this is its floor.
 */
export function presetFeeFigures(entry: GasEntry, baseFeeWei: bigint | undefined): PresetFeeFigures | undefined {
  if (!isGasEntryComplete(entry)) return 'unset';
  if (baseFeeWei === undefined) return entry.prio === null ? 'wallet' : undefined;
  const fees = presetFees(entry, baseFeeWei);
  if (!fees) return 'wallet';
  return { max: formatWeiAsGwei(fees.maxFeePerGas), prio: formatWeiAsGwei(fees.maxPriorityFeePerGas) };
}
