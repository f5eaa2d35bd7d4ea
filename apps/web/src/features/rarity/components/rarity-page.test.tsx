import type { RarityTokensData } from '@floordesk/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toastStore } from '../../../components/ui/toast/toast-store';
import { i18n } from '../../../lib/i18n';
import { loginPromptStore } from '../../../stores/login-prompt-store';
import { sessionStore } from '../../../stores/session-store';
import { bodiesSentTo, ok, renderInApp, stubApi } from '../../../test/render-in-app';
import RarityPage from './rarity-page';

const ADDRESS = `0x${'a'.repeat(40)}`;
const ETH = 10n ** 18n;

const token = (id: number, fur: string, price: bigint | null = null) => ({
  token_id: String(id),
  name: null,
  img: null,
  rank: id,
  score: 10 - id / 10,
  flag: id <= 2 ? 3 : 1,
  owner: `0x${'0'.repeat(38)}a1`,
  owner_ens: id === 1 ? 'owner.eth' : null,
  price: price?.toString() ?? null,
  marketplace: price === null ? null : ('opensea' as const),
  traits: [{ type: 'Fur', value: fur }],
});

const ALL = [token(1, 'Gold', ETH), token(2, 'Gold'), token(3, 'Grey', 2n * ETH)];

function answer(query: URLSearchParams): RarityTokensData {
  const traits = query.get('traits');
  const chosen = traits ? (JSON.parse(traits) as Record<string, string[]>) : {};
  const list = ALL.filter((row) => !chosen.Fur || chosen.Fur.includes(row.traits[0]!.value));
  const selected = ALL.find((row) => row.token_id === query.get('token'));
  return {
    collection: {
      address: ADDRESS,
      name: 'Ranked Apes',
      img: null,
      type: '721',
      floor_value: ETH.toString(),
      supply: 4,
      with_metadata: 3,
      ranked: 3,
      coverage: 75,
      unranked_reason: null,
    },
    traits: [
      {
        type: 'Fur',
        values: [
          { value: 'Gold', count: 2 },
          { value: 'Grey', count: 1 },
        ],
      },
    ],
    list,
    total: list.length,
    page: 1,
    page_size: 50,
    selected: selected
      ? { ...selected, traits: [{ type: 'Fur', value: 'Gold', kind: 'string', count: 2, percent: 66.67 }] }
      : null,
  };
}

function stubRarity(tokens: (query: URLSearchParams) => RarityTokensData = answer) {
  return stubApi((url) => {
    if (url.pathname === '/api/rarity/tokens') return ok(tokens(url.searchParams));
    if (url.pathname === '/api/metadata/refresh')
      return ok({ message: 'Metadata refreshing is running in the background.' });
    throw new Error(`unexpected call ${url.pathname}`);
  });
}

async function open(search: string) {
  const view = renderInApp(<RarityPage />, { path: '/rarity' });
  await act(() => view.router.navigate(`/rarity?${search}`));
  return view;
}

const rows = () => screen.queryAllByTestId('rarity-token');

afterEach(async () => {
  sessionStore.getState().clear();
  loginPromptStore.setState({ open: false });
  toastStore.getState().dismiss();
  await act(() => i18n.changeLanguage('en'));
});

describe('/rarity', () => {
  it('shows the tokens by rank with the rarity note, and a trait filter narrows them', async () => {
    const fetchSpy = stubRarity();
    await open(`address=${ADDRESS}`);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByTestId('rarity-note').textContent).toBe(
      'Metadata is in for 75.00% of the tokens: ranks cover 3 of 4 tokens and may change as the rest arrives.',
    );
    // The rank badge and the token cell: token 1 is rank 1.
    expect(within(rows()[0]!).getAllByText('#1')).toHaveLength(2);
    expect(within(rows()[0]!).getByText('Rare')).toBeTruthy();
    // An owner is named by ENS where it has a name, by its address where not.
    expect(within(rows()[0]!).getByTitle(`0x${'0'.repeat(38)}a1`).textContent).toBe('owner.eth');
    expect(within(rows()[1]!).getByTitle(`0x${'0'.repeat(38)}a1`).textContent).not.toBe('owner.eth');

    await userEvent.click(screen.getByRole('checkbox', { name: /Gold/ }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('rarity-total').textContent).toBe('2 tokens');
    const asked = fetchSpy.mock.calls.map(([input]) => new URL(String(input), window.location.origin).searchParams);
    expect(asked.at(-1)?.get('traits')).toBe('{"Fur":["Gold"]}');
    for (const row of rows()) expect(within(row).getByTestId('token-traits').textContent).toContain('Gold');

    await userEvent.click(screen.getByRole('button', { name: 'Remove Fur: Gold' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it("opens a token's details from its row and from the link's token, with each trait's share", async () => {
    stubRarity();
    const { router } = await open(`address=${ADDRESS}&token=1`);
    const detail = await screen.findByTestId('token-detail');
    await waitFor(() => expect(within(detail).getByText('66.67%')).toBeTruthy());
    expect(within(detail).getByText('1.0000 ETH')).toBeTruthy();
    await userEvent.click(within(rows()[2]!).getByRole('button'));
    expect(new URLSearchParams(router.state.location.search).get('token')).toBe('3');
    await userEvent.click(within(screen.getByTestId('token-detail')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('token-detail')).toBeNull();
  });

  it('asks a visitor to sign in to refresh metadata, and refreshes for a signed-in user', async () => {
    const fetchSpy = stubRarity();
    await open(`address=${ADDRESS}`);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByText('Sign in to refresh metadata.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(loginPromptStore.getState().open).toBe(true);

    act(() => sessionStore.getState().signIn({ token: `0x${'f'.repeat(40)}`, sign_num: 'secret' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh collection metadata' }));
    await waitFor(() => expect(bodiesSentTo(fetchSpy, '/api/metadata/refresh')).toEqual([{ address: ADDRESS }]));
    await waitFor(() =>
      expect(toastStore.getState().toast?.message).toBe('Metadata refreshing is running in the background.'),
    );
  });

  it('says why a collection has no ranks, in Chinese too', async () => {
    await act(() => i18n.changeLanguage('zh'));
    stubRarity((query) => {
      const data = answer(query);
      return { ...data, collection: { ...data.collection!, ranked: 0, coverage: 100, unranked_reason: 'no_traits' } };
    });
    await open(`address=${ADDRESS}`);
    expect((await screen.findByTestId('rarity-note')).textContent).toBe('无排名：该合集的代币没有可排名的特征。');
  });

  it('answers a collection FloorDesk does not index with an empty state', async () => {
    stubRarity((query) => ({ ...answer(query), collection: null, traits: [], list: [], total: 0 }));
    await open(`address=${ADDRESS}`);
    expect(await screen.findByText('FloorDesk does not index this collection.')).toBeTruthy();
  });
});
