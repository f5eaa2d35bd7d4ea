/**
 * Gas presets: what the user keeps, the rules their values obey and the fees a chosen preset puts on a
 * transaction. Plain functions without zod: the web app runs them as the user types,
 * and the server runs the same ones on what it is sent.
 */

/** The six presets, in the order of their keys 1–6. */
export const GasPresetType = {
  /** The wallet's own fees. */
  Wallet: 0,
  Fast: 1,
  Fastest: 2,
  Custom1: 3,
  Custom2: 4,
  /** Priority above the highest pending buy of the same collection. */
  Dynamic: 5,
} as const;
export type GasPresetType = (typeof GasPresetType)[keyof typeof GasPresetType];
export const GAS_PRESET_TYPES: readonly GasPresetType[] = [0, 1, 2, 3, 4, 5];

/**
 * One preset: `prio` is the priority fee and `fee` the fee on top of the base fee, both in Gwei with
 * 2 decimals; `base` multiplies the block's base fee; `status` 1 marks the selected preset.
 */
export type GasEntry = {
  type: GasPresetType;
  status: 0 | 1;
  prio: number | null;
  fee: number | null;
  base: number;
};

/** Base-fee multipliers each preset offers; 0 ("Undouble") makes `fee` the whole max fee. */
export const GAS_BASE_MULTIPLIERS: Record<GasPresetType, readonly number[]> = {
  0: [2],
  1: [1, 1.5, 2],
  2: [1, 1.5, 2],
  3: [0, 1, 1.5, 2],
  4: [0, 1, 1.5, 2],
  5: [2],
};

/** The wallet preset's priority choices: the wallet's own (null), or 2.5 Gwei. */
export const WALLET_PRIORITY_OPTIONS: readonly (number | null)[] = [null, 2.5];

/** Where a user starts: wallet default; fast 5 and fastest 25 at base factor 1; dynamic 3/3; the custom ones empty. */
export const DEFAULT_GAS_ENTRIES: readonly GasEntry[] = [
  { type: 0, status: 1, prio: null, fee: null, base: 2 },
  { type: 1, status: 0, prio: 5, fee: 5, base: 1 },
  { type: 2, status: 0, prio: 25, fee: 25, base: 1 },
  { type: 3, status: 0, prio: null, fee: null, base: 0 },
  { type: 4, status: 0, prio: null, fee: null, base: 0 },
  { type: 5, status: 0, prio: 3, fee: 3, base: 2 },
];

/**
 * Ours: the most Gwei a priority or fee may be, far above any fee mainnet has seen, so that a typo cannot ask the
 * wallet to pay a fortune and the wei it stands for always fits a transaction.
 */
export const GAS_GWEI_MAX = 100_000;

/** What is wrong with a preset's values, as the message key the user reads. */
export type GasProblem = 'err.gas_null' | 'err.input_err' | 'err.invalid_gas';

/** Priority and fee are kept to 2 decimals. */
export function roundGwei(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A typed amount of Gwei: digits and one dot only, nothing negative. Empty is null. */
export function parseGweiInput(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d*\.?\d*$/.test(trimmed) || trimmed === '.') return 'invalid';
  return roundGwei(Number(trimmed));
}

/** Whether a preset has what it needs to be used; one that has not falls back to the wallet preset. */
export function isGasEntryComplete(entry: GasEntry): boolean {
  switch (entry.type) {
    case GasPresetType.Wallet:
      return true;
    case GasPresetType.Fast:
    case GasPresetType.Fastest:
    case GasPresetType.Dynamic:
      return entry.prio !== null;
    case GasPresetType.Custom1:
    case GasPresetType.Custom2:
      return entry.prio !== null && entry.fee !== null;
  }
}

/** 0 to GAS_GWEI_MAX, with at most 2 decimals. */
function isGweiAmount(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= GAS_GWEI_MAX && roundGwei(value) === value;
}

/** The problem with a preset's values as saved from the custom gas modal, or null when they are fine. */
export function gasEntryProblem(entry: GasEntry): GasProblem | null {
  // What a client sends may name no preset at all.
  if (!GAS_PRESET_TYPES.includes(entry.type)) return 'err.invalid_gas';
  const amounts = [entry.prio, entry.fee];
  if (amounts.some((value) => value !== null && !isGweiAmount(value))) {
    return 'err.invalid_gas';
  }
  if (!GAS_BASE_MULTIPLIERS[entry.type].includes(entry.base)) return 'err.invalid_gas';
  if (entry.type === GasPresetType.Wallet) {
    return WALLET_PRIORITY_OPTIONS.includes(entry.prio) ? null : 'err.invalid_gas';
  }
  if (entry.type === GasPresetType.Dynamic && entry.prio === null) return 'err.gas_null';
  // A preset of the user's own that pays nothing would never be mined.
  if (amounts.some((value) => value === 0)) return 'err.input_err';
  if ((entry.type === GasPresetType.Fast || entry.type === GasPresetType.Fastest) && entry.fee !== entry.prio) {
    return 'err.invalid_gas';
  }
  // Without a base-fee part, the max fee must still cover the priority fee.
  if (entry.base === 0 && entry.prio !== null && entry.fee !== null && entry.fee < entry.prio) return 'err.invalid_gas';
  return null;
}

/** A whole list as stored: each of the six presets once, in order, exactly one selected, every one valid. */
export function gasListProblem(entries: readonly GasEntry[]): GasProblem | null {
  if (entries.length !== GAS_PRESET_TYPES.length) return 'err.invalid_gas';
  if (entries.some((entry, index) => entry.type !== GAS_PRESET_TYPES[index])) return 'err.invalid_gas';
  if (entries.filter((entry) => entry.status === 1).length !== 1) return 'err.invalid_gas';
  for (const entry of entries) {
    const problem = gasEntryProblem(entry);
    if (problem) return problem;
  }
  return null;
}

/** The preset a transaction uses: the selected one, or the wallet preset when that one lacks its values. */
export function effectiveGasEntry(entries: readonly GasEntry[]): GasEntry {
  const wallet = entries.find((entry) => entry.type === GasPresetType.Wallet) ?? DEFAULT_GAS_ENTRIES[0]!;
  const selected = entries.find((entry) => entry.status === 1);
  return selected && isGasEntryComplete(selected) ? selected : wallet;
}

/** Selects `type`, leaving every value as it was. */
export function selectGasPreset(entries: readonly GasEntry[], type: GasPresetType): GasEntry[] {
  return entries.map((entry) => ({ ...entry, status: entry.type === type ? 1 : 0 }));
}

const GWEI = 1_000_000_000n;

/** Gwei with up to 2 decimals, in wei, exactly. */
export function gweiToWei(gwei: number): bigint {
  return BigInt(Math.round(gwei * 100)) * (GWEI / 100n);
}

/** `base` (0, 1, 1.5 or 2) times the base fee, in wei. */
function scaledBaseFee(baseFeeWei: bigint, base: number): bigint {
  return (baseFeeWei * BigInt(Math.round(base * 10))) / 10n;
}

export type GasFees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/**
 * The EIP-1559 fees a preset sets, or null when the wallet chooses its own. `pendingTipWei` is the highest priority
 * fee among pending buys of the same collection, which the dynamic preset outbids by its `prio`.
 */
export function presetFees(entry: GasEntry, baseFeeWei: bigint, pendingTipWei = 0n): GasFees | null {
  if (!isGasEntryComplete(entry) || entry.prio === null) return null;
  const tip = gweiToWei(entry.prio);
  switch (entry.type) {
    case GasPresetType.Wallet:
    case GasPresetType.Fast:
    case GasPresetType.Fastest:
      return { maxPriorityFeePerGas: tip, maxFeePerGas: scaledBaseFee(baseFeeWei, entry.base) + tip };
    case GasPresetType.Custom1:
    case GasPresetType.Custom2:
      return {
        maxPriorityFeePerGas: tip,
        maxFeePerGas: scaledBaseFee(baseFeeWei, entry.base) + gweiToWei(entry.fee ?? 0),
      };
    case GasPresetType.Dynamic:
      return {
        maxPriorityFeePerGas: pendingTipWei + tip,
        maxFeePerGas: scaledBaseFee(baseFeeWei, entry.base) + pendingTipWei + gweiToWei(entry.fee ?? entry.prio),
      };
  }
}
