import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HoldersList } from './holders-section';

describe('holders', () => {
  it('highlights big holders (more than 1% of the supply) and only them', () => {
    render(
      <HoldersList
        holders={{
          owners: 812,
          list: [
            {
              address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
              ens: null,
              count: 420,
              percent: 4.2,
              big: true,
              flipper: true,
            },
            {
              address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
              ens: 'bob.eth',
              count: 101,
              percent: 1.01,
              big: true,
              flipper: false,
            },
            {
              address: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
              ens: null,
              count: 100,
              percent: 1,
              big: false,
              flipper: false,
            },
          ],
        }}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.dataset.big === 'true')).toEqual([true, true, false]);
    expect(rows.map((row) => within(row).queryByText('BIG') !== null)).toEqual([true, true, false]);
    expect(within(rows[0]!).getByText('0xf39fd…92266')).toBeTruthy();
    // A verified ENS name stands in for the address; the address stays in its title.
    expect(within(rows[1]!).getByTitle('0x70997970c51812dc3a010c7d01b50e0d17dc79c8').textContent).toBe('bob.eth');
    expect(within(rows[0]!).getByText('4.20%')).toBeTruthy();
    expect(within(rows[2]!).getByText('1.00%')).toBeTruthy();
    expect(screen.getByText('Highlighted: holds more than 1% of the supply')).toBeTruthy();
    // The flipper badge marks the flipper only, and says what it means.
    expect(rows.map((row) => within(row).queryByTestId('flipper-badge') !== null)).toEqual([true, false, false]);
    expect(within(rows[0]!).getByTestId('flipper-badge').title).toMatch(/over 100 round trips in over 5 collections/);
  });
});
