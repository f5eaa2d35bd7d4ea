import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { floorPercent, formatFloorPosition, formatTimeLeft } from './my-listings-format';
import { myListingsText } from './my-listings-texts';

const ETH = 10n ** 18n;
const eth = (value: number) => ((BigInt(Math.round(value * 1e6)) * ETH) / 1_000_000n).toString();
const NOW = 1_800_000_000;

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('the position against the floor', () => {
  it.each([
    [eth(0.5), eth(0.5), 'at floor'],
    [eth(0.56), eth(0.5), '+12%'],
    [eth(0.50625), eth(0.5), '+1.25%'],
    [eth(1.5), eth(0.5), '+200%'],
    [eth(0.475), eth(0.5), '-5%'],
    [eth(0.5), null, 'no floor'],
  ])('reads %s against a floor of %s as %s', (price, floor, shown) => {
    expect(formatFloorPosition(price, floor, myListingsText)).toBe(shown);
  });

  it('never calls a price above the floor by a wei "at floor"', () => {
    expect(floorPercent((ETH + 1n).toString(), ETH.toString())).toBe(0.01);
    expect(floorPercent((ETH - 1n).toString(), ETH.toString())).toBe(-0.01);
  });

  it('is in Chinese in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh'));
    expect(formatFloorPosition(eth(0.5), eth(0.5), myListingsText)).toBe('地板价');
    expect(formatFloorPosition(eth(0.5), null, myListingsText)).toBe('无地板价');
  });
});

describe('the time left', () => {
  it.each([
    [NOW + 2 * 86_400 + 3 * 3600 + 59, '2d 3h'],
    [NOW + 3 * 3600 + 12 * 60 + 30, '3h 12m'],
    [NOW + 12 * 60 + 5, '12m 5s'],
    [NOW + 59, '59s'],
    [NOW, 'ending'],
    [NOW - 30, 'ending'],
    [null, 'never'],
  ])('shows an end at %s as %s', (expiresAt, shown) => {
    expect(formatTimeLeft(expiresAt, NOW, myListingsText)).toBe(shown);
  });

  it('counts down as the clock moves', () => {
    expect(formatTimeLeft(NOW + 61, NOW, myListingsText)).toBe('1m 1s');
    expect(formatTimeLeft(NOW + 61, NOW + 2, myListingsText)).toBe('59s');
  });

  it('is in Chinese in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh'));
    expect(formatTimeLeft(NOW + 2 * 86_400 + 3 * 3600, NOW, myListingsText)).toBe('2天3小时');
    expect(formatTimeLeft(NOW + 12 * 60 + 5, NOW, myListingsText)).toBe('12分5秒');
    expect(formatTimeLeft(null, NOW, myListingsText)).toBe('永不');
  });
});
