import { describe, expect, it } from 'vitest';
import { billingText } from '../../lib/billing-texts';
import { formatTimeLeft, splitDuration } from './countdown';

describe('the sale countdown', () => {
  it('splits what is left into whole days, hours and minutes', () => {
    expect(splitDuration(2 * 86_400 + 3 * 3600 + 4 * 60 + 59)).toEqual({ d: 2, h: 3, m: 4 });
    expect(splitDuration(-10)).toEqual({ d: 0, h: 0, m: 0 });
  });

  it('drops the leading units that are zero', () => {
    expect(formatTimeLeft(2 * 86_400 + 4 * 60, billingText)).toBe('2d 0h 4m');
    expect(formatTimeLeft(3 * 3600 + 60, billingText)).toBe('3h 1m');
    expect(formatTimeLeft(4 * 60 + 30, billingText)).toBe('4m');
    expect(formatTimeLeft(59, billingText)).toBe('less than a minute');
  });
});
