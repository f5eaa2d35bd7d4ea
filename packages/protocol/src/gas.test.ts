import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GAS_ENTRIES,
  effectiveGasEntry,
  GAS_GWEI_MAX,
  type GasEntry,
  gasEntryProblem,
  gasListProblem,
  gweiToWei,
  parseGweiInput,
  presetFees,
  selectGasPreset,
} from './gas';

const GWEI = 1_000_000_000n;
const entry = (type: GasEntry['type'], values: Partial<GasEntry> = {}): GasEntry => ({
  ...DEFAULT_GAS_ENTRIES[type]!,
  ...values,
});

describe('parseGweiInput', () => {
  it('takes digits and one dot, rounded to 2 decimals; empty is unset', () => {
    expect(parseGweiInput('2.5')).toBe(2.5);
    expect(parseGweiInput('1.239')).toBe(1.24);
    expect(parseGweiInput(' 7 ')).toBe(7);
    expect(parseGweiInput('')).toBeNull();
  });

  it('refuses signs, letters, exponents and a second dot', () => {
    for (const text of ['-1', '1e3', 'abc', '1.2.3', '.', '0x10']) expect(parseGweiInput(text)).toBe('invalid');
  });
});

describe('gasEntryProblem', () => {
  it('accepts the default presets', () => {
    expect(DEFAULT_GAS_ENTRIES.map(gasEntryProblem)).toEqual([null, null, null, null, null, null]);
  });

  it('needs a priority on the dynamic preset: err.gas_null', () => {
    expect(gasEntryProblem(entry(5, { prio: null }))).toBe('err.gas_null');
  });

  it('refuses a priority or fee of exactly 0 on a preset of the user: err.input_err', () => {
    expect(gasEntryProblem(entry(3, { prio: 0, fee: 10 }))).toBe('err.input_err');
    expect(gasEntryProblem(entry(4, { prio: 2, fee: 0, base: 1 }))).toBe('err.input_err');
    expect(gasEntryProblem(entry(1, { prio: 0, fee: 0 }))).toBe('err.input_err');
  });

  it('offers each preset only its own base multipliers', () => {
    expect(gasEntryProblem(entry(3, { prio: 2, fee: 30, base: 0 }))).toBeNull();
    expect(gasEntryProblem(entry(1, { base: 0 }))).toBe('err.invalid_gas');
    expect(gasEntryProblem(entry(1, { base: 1.5 }))).toBeNull();
    expect(gasEntryProblem(entry(3, { prio: 2, fee: 3, base: 3 }))).toBe('err.invalid_gas');
  });

  it('keeps fast presets paying their priority as their fee', () => {
    expect(gasEntryProblem(entry(2, { prio: 30, fee: 25 }))).toBe('err.invalid_gas');
  });

  it('refuses a max fee below the priority fee when the base fee is left out', () => {
    expect(gasEntryProblem(entry(4, { prio: 10, fee: 5, base: 0 }))).toBe('err.invalid_gas');
    expect(gasEntryProblem(entry(4, { prio: 10, fee: 5, base: 1 }))).toBeNull();
  });

  it('offers the wallet preset only its own fees or 2.5 Gwei', () => {
    expect(gasEntryProblem(entry(0, { prio: 2.5 }))).toBeNull();
    expect(gasEntryProblem(entry(0, { prio: 3 }))).toBe('err.invalid_gas');
  });

  it('refuses negative amounts and more than 2 decimals', () => {
    expect(gasEntryProblem(entry(3, { prio: -1, fee: 3 }))).toBe('err.invalid_gas');
    expect(gasEntryProblem(entry(3, { prio: 1.234, fee: 3 }))).toBe('err.invalid_gas');
  });

  it('refuses a preset type that does not exist', () => {
    expect(gasEntryProblem({ ...entry(1), type: 99 as GasEntry['type'] })).toBe('err.invalid_gas');
  });

  it(`refuses amounts above ${GAS_GWEI_MAX} Gwei, however exact`, () => {
    expect(gasEntryProblem(entry(3, { prio: GAS_GWEI_MAX, fee: GAS_GWEI_MAX }))).toBeNull();
    expect(gasEntryProblem(entry(3, { prio: GAS_GWEI_MAX + 1, fee: GAS_GWEI_MAX + 1 }))).toBe('err.invalid_gas');
    expect(gasEntryProblem(entry(1, { prio: 1e300, fee: 1e300 }))).toBe('err.invalid_gas');
  });
});

describe('gasListProblem', () => {
  it('wants the six presets in key order with exactly one selected', () => {
    expect(gasListProblem(DEFAULT_GAS_ENTRIES)).toBeNull();
    expect(gasListProblem(DEFAULT_GAS_ENTRIES.slice(1))).toBe('err.invalid_gas');
    expect(gasListProblem(DEFAULT_GAS_ENTRIES.toReversed())).toBe('err.invalid_gas');
    expect(gasListProblem(DEFAULT_GAS_ENTRIES.map((e) => ({ ...e, status: 0 as const })))).toBe('err.invalid_gas');
    expect(gasListProblem(DEFAULT_GAS_ENTRIES.map((e) => ({ ...e, status: 1 as const })))).toBe('err.invalid_gas');
  });
});

describe('effectiveGasEntry', () => {
  it('uses the selected preset', () => {
    expect(effectiveGasEntry(selectGasPreset(DEFAULT_GAS_ENTRIES, 2)).type).toBe(2);
  });

  it('falls back to the wallet preset when a selected custom preset lacks priority or fee', () => {
    const entries = selectGasPreset(DEFAULT_GAS_ENTRIES, 3).map((e) => (e.type === 3 ? { ...e, prio: 2 } : e));
    expect(effectiveGasEntry(entries).type).toBe(0);
  });

  it('falls back when a selected fast preset has no priority', () => {
    const entries = selectGasPreset(DEFAULT_GAS_ENTRIES, 1).map((e) => (e.type === 1 ? { ...e, prio: null } : e));
    expect(effectiveGasEntry(entries).type).toBe(0);
  });
});

describe('presetFees', () => {
  const baseFee = 10n * GWEI;

  it('leaves the fees to the wallet on its default', () => {
    expect(presetFees(entry(0), baseFee)).toBeNull();
  });

  it('pays base × multiplier plus the priority on fast presets', () => {
    expect(presetFees(entry(1), baseFee)).toEqual({ maxPriorityFeePerGas: 5n * GWEI, maxFeePerGas: 15n * GWEI });
    expect(presetFees(entry(2, { base: 1.5 }), baseFee)).toEqual({
      maxPriorityFeePerGas: 25n * GWEI,
      maxFeePerGas: 40n * GWEI,
    });
  });

  it('makes the fee the whole max fee on an Undouble custom preset', () => {
    expect(presetFees(entry(3, { prio: 1.5, fee: 42.25, base: 0 }), baseFee)).toEqual({
      maxPriorityFeePerGas: gweiToWei(1.5),
      maxFeePerGas: gweiToWei(42.25),
    });
  });

  it('outbids the highest pending buy by its priority on the dynamic preset', () => {
    expect(presetFees(entry(5), baseFee, 7n * GWEI)).toEqual({
      maxPriorityFeePerGas: 10n * GWEI,
      maxFeePerGas: 2n * baseFee + 7n * GWEI + 3n * GWEI,
    });
  });

  it('converts Gwei with 2 decimals to wei exactly', () => {
    expect(gweiToWei(0.01)).toBe(10_000_000n);
    expect(gweiToWei(2.55)).toBe(2_550_000_000n);
  });
});
