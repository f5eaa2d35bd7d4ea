import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { formatChange } from '../../lib/format';
import { listingText } from './row-text';

afterEach(() => i18n.changeLanguage('en'));

describe('listing text', () => {
  it('shows the listing rate with the supply', () => {
    expect(listingText({ count: 1000, listed: 23, listing_rate: 2.3 }, i18n.t)).toBe('2.3% listed · 1,000 items');
  });

  it('shows the supply alone while the rate is unknown', () => {
    expect(listingText({ count: 1000, listed: 23, listing_rate: null }, i18n.t)).toBe('1,000 items');
    expect(listingText({ count: 1, listed: 0, listing_rate: null }, i18n.t)).toBe('1 item');
  });

  it('falls back to the listings while the supply is unknown', () => {
    expect(listingText({ count: null, listed: 1234, listing_rate: null }, i18n.t)).toBe('1,234 listed');
  });

  it('keeps two decimals of the rate at most', () => {
    expect(listingText({ count: 10_000, listed: 1235, listing_rate: 12.35 }, i18n.t)).toBe(
      '12.35% listed · 10,000 items',
    );
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    expect(listingText({ count: 1000, listed: 23, listing_rate: 2.3 }, i18n.t)).toBe('2.3% 挂单 · 1,000 件');
    expect(listingText({ count: 1000, listed: 23, listing_rate: null }, i18n.t)).toBe('1,000 件');
  });
});

describe('floor change', () => {
  it('signs rises and falls, and dashes an unknown change', () => {
    expect(formatChange(1.25)).toBe('+1.25%');
    expect(formatChange(-3.1)).toBe('-3.1%');
    expect(formatChange(0)).toBe('0%');
    expect(formatChange(null)).toBe('—');
  });
});
