import { describe, expect, it } from 'vitest';
import {
  flaggedOf,
  rankTierCode,
  rankTierOf,
  riskFlagCode,
  srStatusCode,
  sweepItemStatusCode,
  sweepItemStatusOf,
  sweepOutcomeCode,
  sweepOutcomeOf,
  timeFlagCode,
  timeKnownOf,
  verifiedOf,
} from './wire-codes';

/** Every name with the code the original app's API gives it: what each table must say in both directions. */
const ITEM_STATUSES = [
  ['in_progress', 1],
  ['standby', null],
  ['bought', 3],
  ['failed', 4],
  ['skipped', 5000],
  ['rejected', 4001],
  ['over_gas_limit', 5253],
  ['higher_than_expected', 1515],
] as const;
const OUTCOMES = [
  ['pending', 0],
  ['bought', 1],
  ['nothing_bought', 2],
] as const;
const TIERS = [
  ['ordinary', 1],
  ['classic', 2],
  ['rare', 3],
  ['legendary', 4],
] as const;

describe('wire codes', () => {
  it.each(ITEM_STATUSES)("a sweep item's status %s is is_buy %s, and back", (name, code) => {
    expect(sweepItemStatusCode(name)).toBe(code);
    expect(sweepItemStatusOf(code)).toBe(name);
  });

  it.each(OUTCOMES)("a sweep order's outcome %s is flag %s, and back", (name, code) => {
    expect(sweepOutcomeCode(name)).toBe(code);
    expect(sweepOutcomeOf(code)).toBe(name);
  });

  it.each(TIERS)('the rarity tier %s is flag %s, and back', (name, code) => {
    expect(rankTierCode(name)).toBe(code);
    expect(rankTierOf(code)).toBe(name);
  });

  it('reads a code no table knows as unknown (undefined) instead of a name', () => {
    expect([sweepItemStatusOf(2), sweepItemStatusOf(-1)]).toEqual([undefined, undefined]);
    expect([sweepOutcomeOf(3), sweepOutcomeOf(-1)]).toEqual([undefined, undefined]);
    expect([rankTierOf(0), rankTierOf(5)]).toEqual([undefined, undefined]);
  });

  it.each([
    ['sr_status', srStatusCode, verifiedOf],
    ['risk_flag', riskFlagCode, flaggedOf],
  ] as const)('codes %s 1 for yes and 0 for no, and reads only 1 as yes', (_, code, of) => {
    expect([code(true), code(false)]).toEqual([1, 0]);
    expect([of(1), of(0), of(2)]).toEqual([true, false, false]);
  });

  it('codes time_flag 0 for a known time and 1 for a day alone, and reads only 0 as a known time', () => {
    expect([timeFlagCode(true), timeFlagCode(false)]).toEqual([0, 1]);
    expect([timeKnownOf(0), timeKnownOf(1), timeKnownOf(9)]).toEqual([true, false, false]);
  });
});
