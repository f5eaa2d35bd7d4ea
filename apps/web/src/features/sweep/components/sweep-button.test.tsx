import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { listing, milliEth } from '../../../test/collection-fixtures';
import type { SweepPreview } from '../sweep-preview';
import type { UseSweep } from '../use-sweep';
import { SweepButton } from './sweep-button';

const EMPTY: SweepPreview = { buy: [], spares: [], skipped: [], total: 0n, worstCase: 0n };

function sweepOf(overrides: Partial<Omit<UseSweep, 'sweep'>>): UseSweep & { sweep: Mock<() => void> } {
  return { count: 1, preview: EMPTY, loading: false, sweep: vi.fn<() => void>(), ...overrides };
}

describe('the SWEEP button', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('is disabled and says why when there is no listing to buy, in either language', async () => {
    const sweep = sweepOf({});
    render(<SweepButton sweep={sweep} />);
    const button = screen.getByTestId('sweep-button') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('SWEEP 1no listing');
    expect(button.title).toMatch(/^No listing to buy/);
    button.click();
    expect(sweep.sweep).not.toHaveBeenCalled();

    await act(() => i18n.changeLanguage('zh'));
    expect(button.textContent).toBe('扫货 1无挂单');
  });

  it('is disabled without a reason while the listings load', () => {
    render(<SweepButton sweep={sweepOf({ loading: true })} />);
    const button = screen.getByTestId('sweep-button') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('');
  });

  it('shows what the sweep would cost and sweeps when there is something to buy', () => {
    const cheapest = listing(1, { price: milliEth(1500) });
    const sweep = sweepOf({ preview: { ...EMPTY, buy: [cheapest], total: BigInt(cheapest.price) } });
    render(<SweepButton sweep={sweep} />);
    const button = screen.getByTestId('sweep-button') as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe('SWEEP 11.5000 Ξ');
    button.click();
    expect(sweep.sweep).toHaveBeenCalledOnce();
  });
});
