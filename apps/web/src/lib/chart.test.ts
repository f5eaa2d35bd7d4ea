import type { AutoscaleInfo } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { CHART_ETH_FORMAT, ETH_LINE_OPTIONS, ethAxisRange } from './chart';

const autoscale = (minValue: number, maxValue: number) =>
  ETH_LINE_OPTIONS.autoscaleInfoProvider(() => ({ priceRange: { minValue, maxValue } }) as AutoscaleInfo);

describe('the ETH price axis', () => {
  it('never reaches below zero, for a floor near zero or one that moved a lot', () => {
    expect(autoscale(0.0001, 0.0001)?.priceRange?.minValue).toBeGreaterThanOrEqual(0);
    expect(autoscale(0.02, 0.06)?.priceRange?.minValue).toBeGreaterThanOrEqual(0);
    expect(ethAxisRange({ minValue: 0, maxValue: 0.02 }).minValue).toBe(0);
  });

  it('keeps the line inside it and spreads a flat floor over distinct labels', () => {
    const flat = ethAxisRange({ minValue: 0.02, maxValue: 0.02 });
    expect(flat.minValue).toBeLessThan(0.02);
    expect(flat.maxValue).toBeGreaterThan(0.02);
    // At least 10 ticks of 0.0001 apart: labels of 4 decimals differ.
    expect(flat.maxValue - flat.minValue).toBeGreaterThanOrEqual(0.001);
    const moved = ethAxisRange({ minValue: 0.5, maxValue: 2 });
    expect(moved).toEqual({ minValue: 0.5, maxValue: 2 });
  });

  it('labels prices with 4 decimals and never as negative, not even -0.0000', () => {
    expect(CHART_ETH_FORMAT.formatter(0.0205)).toBe('0.0205');
    expect(CHART_ETH_FORMAT.formatter(-1e-12)).toBe('0.0000');
  });

  it('shows no price tag on the axis, where it would cover the top label', () => {
    expect(ETH_LINE_OPTIONS.lastValueVisible).toBe(false);
  });
});
