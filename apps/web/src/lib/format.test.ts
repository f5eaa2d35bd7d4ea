import { describe, expect, it } from 'vitest';
import { formatEth, longAddress, shortAddress } from './format';

const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

describe('address display', () => {
  it('shows the first 5 and last 4 characters in the header', () => {
    expect(shortAddress(address)).toBe('0xf39…2266');
  });

  it('leaves a value too short to cut unchanged', () => {
    expect(shortAddress('0xabc')).toBe('0xabc');
  });

  it('shows the first 7 and last 5 characters of long addresses', () => {
    expect(longAddress(address)).toBe('0xf39fd…92266');
  });

  it('keeps addresses under 18 characters whole', () => {
    expect(longAddress('0x1234567890abcde')).toBe('0x1234567890abcde');
  });
});

describe('wei as ETH', () => {
  it('shows four decimals by default', () => {
    expect(formatEth('1500000000000000000')).toBe('1.5000');
    expect(formatEth(12n * 10n ** 18n)).toBe('12.0000');
  });

  it('rounds half up at the last decimal shown', () => {
    expect(formatEth('1234550000000000000')).toBe('1.2346');
    expect(formatEth('1234549999999999999')).toBe('1.2345');
    expect(formatEth('999950000000000000')).toBe('1.0000');
  });

  it('shows zero and a single wei as zero', () => {
    expect(formatEth('0')).toBe('0.0000');
    expect(formatEth('1')).toBe('0.0000');
  });

  it('keeps every digit of amounts beyond floating point', () => {
    const max = (2n ** 256n - 1n).toString();
    expect(formatEth(max)).toBe('115792089237316195423570985008687907853269984665640564039457.5840');
  });

  it('takes another number of decimals', () => {
    expect(formatEth('1', 18)).toBe('0.000000000000000001');
    expect(formatEth('2500000000000000000', 0)).toBe('3');
  });

  it('signs negative amounts and never shows minus zero', () => {
    expect(formatEth(-1234550000000000000n)).toBe('-1.2346');
    expect(formatEth(-1n)).toBe('0.0000');
  });
});
