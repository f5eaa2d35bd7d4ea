import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, fromNow, longAddress, setDateLocale, shortAddress } from './format';

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

describe('dates', () => {
  afterEach(() => {
    setDateLocale('en');
    vi.useRealTimers();
  });

  it('formats unix seconds as y-m-d h:i:s', () => {
    const seconds = new Date(2024, 0, 2, 3, 4, 5).getTime() / 1000;
    expect(formatDate(seconds)).toBe('2024-01-02 03:04:05');
  });

  it('writes relative times in the chosen language', () => {
    vi.useFakeTimers({ now: new Date(2024, 0, 1, 12, 0, 0) });
    const threeMinutesAgo = Date.now() / 1000 - 180;
    expect(fromNow(threeMinutesAgo)).toBe('3 minutes ago');
    setDateLocale('zh-cn');
    expect(fromNow(threeMinutesAgo)).toBe('3 分钟前');
  });
});
