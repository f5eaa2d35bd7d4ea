import type { RarityTokensData } from '@floordesk/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { getWalletsQueryKey } from '../../../lib/api/wallets';
import { closeSellDialog, sellDialogStore } from '../../../stores/sell-dialog-store';
import { sessionStore } from '../../../stores/session-store';
import { ok, stubApi } from '../../../test/render-in-app';
import { TokenDetail } from './token-detail';

const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const ADDED = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const STRANGER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const ART = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

function token(owner: string): NonNullable<RarityTokensData['selected']> {
  return {
    token_id: '12',
    name: null,
    img: null,
    rank: 3,
    score: 1.5,
    flag: 2,
    owner,
    owner_ens: null,
    price: null,
    marketplace: null,
    traits: [],
  };
}

function show(owner: string) {
  sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
  stubApi((url) =>
    url.pathname === '/api/user/wallets'
      ? ok({
          list: [
            { address: ME, ens: null, primary: true },
            { address: ADDED, ens: null, primary: false },
          ],
        })
      : null,
  );
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <TokenDetail address={ART} tokenId="12" token={token(owner)} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  sessionStore.getState().clear();
  closeSellDialog();
});

describe('the rarity token panel', () => {
  it('lists a token one of the trader’s wallets holds', async () => {
    show(ADDED.toUpperCase().replace('0X', '0x'));
    await userEvent.click(await screen.findByRole('button', { name: 'List #12' }));
    expect(sellDialogStore.getState()).toMatchObject({ open: true, tokens: [{ collection: ART, token_id: '12' }] });
  });

  it('offers no List for someone else’s token', async () => {
    const client = show(STRANGER);
    // The trader's wallets are in: the panel knows whose the token is.
    await waitFor(() => expect(client.getQueryData(getWalletsQueryKey(ME))).toBeDefined());
    expect(screen.queryByRole('button', { name: 'List #12' })).toBeNull();
  });
});
