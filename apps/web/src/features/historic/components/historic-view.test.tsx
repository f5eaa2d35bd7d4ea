import type { CollectionFloorHistory, FloorHistoriesData } from '@floordesk/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { HistoricView } from './historic-view';

// The chart itself is lightweight-charts on a canvas; here it shows what it was given.
vi.mock('./historic-chart', () => ({
  default: ({ lines, scale }: { lines: { address: string }[]; scale: string }) => (
    <figure data-testid="chart" data-scale={scale}>
      {lines.map((drawn) => drawn.address).join(',')}
    </figure>
  ),
}));

const ETH = 10n ** 18n;
const address = (digit: string) => `0x${digit.repeat(40)}`;
const [A, B, C] = [address('a'), address('b'), address('c')] as [string, string, string];
const NAMES: Record<string, string> = { [A]: 'Apes', [B]: 'Bears', [C]: 'Cats' };

function line(collection: string, floor: bigint | null, change: number | null): CollectionFloorHistory {
  return {
    address: collection,
    name: NAMES[collection] ?? null,
    img: null,
    floor: floor?.toString() ?? null,
    floor_change: change,
    volume: (3n * ETH).toString(),
    list: [{ time: 1_900_000_000, floor: floor?.toString() ?? null, trades: 1, volume: (3n * ETH).toString() }],
  };
}

/** /api/historic answering the asked addresses (or A and B, the most traded, when none), recording each ask. */
function stubHistoric() {
  const asked: (string | null)[] = [];
  stubApi((url) => {
    const addresses = url.searchParams.get('addresses');
    asked.push(addresses);
    const wanted = addresses === null ? [A, B] : addresses.split(',').filter(Boolean);
    const data: FloorHistoriesData = {
      range: (url.searchParams.get('range') ?? '7d') as FloorHistoriesData['range'],
      list: wanted.map((collection) => line(collection, collection === C ? null : ETH / 2n, -12.5)),
    };
    return ok(data);
  });
  return asked;
}

function renderView(watchlist?: string[]) {
  renderInApp(
    <HistoricView
      watchlist={watchlist}
      waiting={false}
      renderPicker={(add, full) => (
        <button type="button" disabled={full} onClick={() => add(C)}>
          pick Cats
        </button>
      )}
    />,
    { path: '/historic' },
  );
}

const legend = () => screen.findByRole('list', { name: 'Collections on the chart' });

describe('/historic', () => {
  it("starts a visitor from the range's most traded collections, with each one's floor, change and volume", async () => {
    const asked = stubHistoric();
    renderView();
    const entries = within(await legend()).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Apes'),
      expect.stringContaining('Bears'),
    ]);
    expect(entries[0]?.textContent).toContain('Floor0.5000');
    expect(entries[0]?.textContent).toContain('Change-12.5%');
    expect(entries[0]?.textContent).toContain('Volume3.00');
    expect((await screen.findByTestId('chart')).textContent).toBe(`${A},${B}`);
    expect(screen.getByText('The most traded collections of the range')).toBeTruthy();
    expect(asked).toEqual([null]);
  });

  it('starts a signed-in user from the watchlist', async () => {
    const asked = stubHistoric();
    renderView([B]);
    expect(within(await legend()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Your watchlist, most traded first')).toBeTruthy();
    expect(asked).toEqual([B]);
  });

  it('makes the list the user’s own on a removal or an addition, until reset', async () => {
    const asked = stubHistoric();
    renderView();
    await userEvent.click(within(await legend()).getByRole('button', { name: 'Remove Apes from the chart' }));
    expect(await screen.findByText('Your choice')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'pick Cats' }));
    const entries = await within(await legend()).findAllByRole('listitem');
    await waitFor(() => expect(screen.getByTestId('chart').textContent).toBe(`${B},${C}`));
    // A collection without a floor in the range says so instead of showing empty figures.
    expect(entries.at(-1)?.textContent).toContain('No floor recorded in this range');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByTestId('chart').textContent).toBe(`${A},${B}`));
    // Back to the server's choice, asked again since it may have changed meanwhile.
    expect(asked).toEqual([null, B, `${B},${C}`, null]);
  });

  it('asks again for another range, and switches the chart to percent', async () => {
    const asked = stubHistoric();
    renderView([A]);
    await legend();
    await userEvent.click(screen.getByRole('button', { name: '90d' }));
    await userEvent.click(screen.getByRole('button', { name: '% change' }));
    await waitFor(() => expect(screen.getByTestId('chart').dataset.scale).toBe('percent'));
    expect(screen.getByText(/Percent change from each collection/)).toBeTruthy();
    await waitFor(() => expect(asked).toEqual([A, A]));
  });

  it('says so when there is nothing to show', async () => {
    stubHistoric();
    renderView([]);
    await userEvent.click(within(await legend()).getByRole('button', { name: 'Remove Apes from the chart' }));
    await userEvent.click(within(await legend()).getByRole('button', { name: 'Remove Bears from the chart' }));
    expect(await screen.findByText('No collection to show yet. Add one with the search.')).toBeTruthy();
  });
});
