import type { MintingData } from '@floordesk/protocol';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { MintingSection } from './minting-section';

const row = (fields: Partial<MintingData['list'][number]>): MintingData['list'][number] => ({
  address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  name: 'Apes',
  img: null,
  type: '721',
  mints: 45,
  mints_per_minute: 1.5,
  minted: 1200,
  max_supply: 3333,
  mint_price: '40000000000000000',
  minters: 12,
  last_mint: Math.floor(Date.now() / 1000) - 30,
  ...fields,
});

function figure(item: HTMLElement, label: string): string | null | undefined {
  const term = within(item).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('minting now', () => {
  it('shows each minting collection with its figures', async () => {
    stubApi(() =>
      ok({
        window: 30,
        list: [
          row({}),
          row({
            address: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
            name: 'Bears',
            mint_price: null,
            max_supply: null,
          }),
        ],
      }),
    );
    renderInApp(<MintingSection />, { path: '/discover' });
    const apes = await screen.findByRole('listitem', { name: 'Apes' });
    expect(within(apes).getByRole('link', { name: 'Apes' }).getAttribute('href')).toBe(
      '/collection/0x5fbdb2315678afecb367f032d93f642f64180aa3',
    );
    expect(apes.textContent).toContain('45 in 30 min');
    expect(figure(apes, 'Mints/min')).toBe('1.50');
    expect(figure(apes, 'Minted')).toBe('1,200 of 3,333');
    expect(figure(apes, 'Mint price')).toBe('0.0400 ETH');
    expect(figure(apes, 'Minters')).toBe('12');
    // Without a maximum the count stands alone; an unread price is not guessed.
    const bears = screen.getByRole('listitem', { name: 'Bears' });
    expect(figure(bears, 'Minted')).toBe('1,200');
    expect(figure(bears, 'Mint price')).toBe('—');
  });

  it('says when nothing is minting', async () => {
    stubApi(() => ok({ window: 30, list: [] }));
    renderInApp(<MintingSection />, { path: '/discover' });
    expect(await screen.findByText('Nothing is minting right now.')).toBeTruthy();
  });
});
