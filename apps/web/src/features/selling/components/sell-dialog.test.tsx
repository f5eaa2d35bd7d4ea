import type { PostListingsRequest, SellPrepareData } from '@floordesk/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../../components/ui/toast/toast-store';
import { i18n } from '../../../lib/i18n';
import { type sendWalletTransaction, signWalletTypedData } from '../../../lib/wallet/wallet-actions';
import { walletStore } from '../../../lib/wallet/wallet-store';
import { closeSellDialog, openSellDialog, sellDialogStore } from '../../../stores/sell-dialog-store';
import { silentWallet } from '../../../test/fake-wallet';
import { bodiesSentTo, ok, stubApi } from '../../../test/render-in-app';
import { ALICE, APES, milliEth, prepared, PUNKS, sellToken } from '../testing/fixtures';
import { SellDialog } from './sell-dialog';

vi.mock('../../../lib/wallet/wallet-actions', () => ({
  signWalletTypedData: vi.fn<typeof signWalletTypedData>(async () => `0x${'11'.repeat(65)}`),
  sendWalletTransaction: vi.fn<typeof sendWalletTransaction>(),
}));

const sign = vi.mocked(signWalletTypedData);

/** The server: `data` for the prepare, every listing posted accepted, unless `post` answers otherwise. */
function serve(data: SellPrepareData, post: (body: PostListingsRequest) => unknown = defaultPost) {
  return stubApi((url, init) => {
    if (url.pathname === '/api/sell/prepare') return ok(data);
    if (url.pathname === '/api/orders/listings/batch') return post(JSON.parse(String(init?.body)));
    return null;
  });
}

function defaultPost(body: PostListingsRequest) {
  return ok({
    listings: body.listings.map((_, index) => ({
      order_hash: `0x${String(index + 1).padStart(64, '0')}`,
      marketplace: 'opensea',
      order_way: 1,
      collection: APES,
      token_id: '1',
      price_wei: '1',
    })),
  });
}

function show(tokens: { collection: string; token_id: string }[]) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SellDialog />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  act(() => openSellDialog(tokens));
}

const prices = () => screen.getAllByTestId('sell-price').map((input) => (input as HTMLInputElement).value);
const refs = (...ids: number[]) => ids.map((id) => ({ collection: APES, token_id: String(id) }));
const row = (id: number) => within(screen.getByTestId('sell-dialog')).getAllByTestId('sell-row')[id]!;

beforeEach(() => {
  sign.mockClear();
  walletStore.setState({ status: 'connected', wallet: silentWallet, account: ALICE, chainId: 31337 });
});

afterEach(async () => {
  act(closeSellDialog);
  walletStore.setState({ status: 'disconnected', wallet: null, account: undefined, chainId: undefined });
  toastStore.getState().dismiss();
  await act(() => i18n.changeLanguage('en'));
});

describe('the List dialog', () => {
  it('shows each token with its price hints, the marketplaces with their fees and what listing takes', async () => {
    serve(prepared([sellToken(7, { approved: { opensea: false, looks: true } })]));
    show(refs(7));
    const dialog = within(await screen.findByRole('dialog', { name: 'List #7' }));
    const hints = await dialog.findByTestId('sell-row');
    expect(hints.textContent).toContain('Floor1.0000');
    expect(hints.textContent).toContain('Fur: Gold floor1.5000');
    expect(hints.textContent).toContain('Rank 7/10,000');
    expect(hints.textContent).toContain('Cost0.8000');
    // 0.8 ETH back after 2.5 % + 5 % on OpenSea, 0.5 % + 5 % on LooksRare.
    expect(dialog.getByTestId('sell-break-even').textContent).toBe('Break-evenOpenSea0.8649LooksRare0.8466');
    expect(dialog.getByRole('textbox', { name: 'Price of #7 in ETH' })).toHaveProperty('value', '1');
    expect(dialog.getAllByTestId('sell-proceeds').map((item) => item.textContent)).toEqual([
      'You get 0.9250 ETH',
      'You get 0.9450 ETH',
    ]);
    expect(dialog.getByTestId('sell-marketplaces').textContent).toContain('Fee 2.50%Royalty 5.00%');
    expect(dialog.getAllByTestId('sell-step').map((step) => step.getAttribute('data-kind'))).toEqual([
      'approve',
      'sign',
      'sign',
      'post',
    ]);
    expect(dialog.getAllByTestId('sell-step')[0]!.textContent).toContain(
      "Let OpenSea's Seaport conduit transfer your Apes when one sells",
    );
    expect(dialog.getByTestId('sell-submit').textContent).toBe('List');
  });

  it('speaks Chinese', async () => {
    serve(prepared([sellToken(7), sellToken(8)]));
    show(refs(7, 8));
    await act(() => i18n.changeLanguage('zh'));
    const dialog = within(await screen.findByRole('dialog', { name: '挂单 2 个代币' }));
    await dialog.findAllByTestId('sell-row');
    expect(dialog.getByTestId('sell-rule').textContent).toContain('地板价 −');
    expect(dialog.getAllByTestId('sell-break-even')[0]!.textContent).toContain('保本价');
    expect(dialog.getByTestId('sell-submit').textContent).toBe('挂单 2 个');
    await userEvent.clear(dialog.getByRole('textbox', { name: '#7 的价格（ETH）' }));
    await userEvent.type(dialog.getByRole('textbox', { name: '#7 的价格（ETH）' }), '0');
    expect(within(row(0)).getByTestId('sell-price-error').textContent).toBe('价格必须大于 0。');
  });

  it('says what is wrong with a price and lists nothing until it is one', async () => {
    serve(prepared([sellToken(7)]));
    show(refs(7));
    const input = await screen.findByRole('textbox', { name: 'Price of #7 in ETH' });
    const cases = [
      ['0', 'Enter a price above 0.'],
      ['-1', 'Enter a price above 0.'],
      ['abc', 'Enter a number, such as 0.25.'],
      ['1.1234567890123456789', 'At most 18 decimals (1 wei).'],
      ['1000000001', 'At most 1,000,000,000 ETH.'],
    ];
    for (const [text, message] of cases) {
      await userEvent.clear(input);
      await userEvent.type(input, text!);
      expect(screen.getByTestId('sell-price-error').textContent).toBe(message);
      expect(screen.getByTestId('sell-submit')).toHaveProperty('disabled', true);
    }
    await userEvent.clear(input);
    await userEvent.type(input, '1.25');
    expect(screen.queryByTestId('sell-price-error')).toBeNull();
    expect(screen.getByTestId('sell-submit')).toHaveProperty('disabled', false);
  });

  it('prices several tokens by a rule, each row editable after', async () => {
    serve(
      prepared([
        sellToken(1),
        sellToken(2, { floor_wei: milliEth(2000), collection: PUNKS }),
        sellToken(3, { floor_wei: null }),
      ]),
    );
    show(refs(1, 2, 3));
    await screen.findAllByTestId('sell-row');
    expect(prices()).toEqual(['1', '2', '']);
    const percent = screen.getByRole('textbox', { name: 'Percent' });
    await userEvent.clear(percent);
    await userEvent.type(percent, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Floor −' }));
    expect(prices()).toEqual(['0.9', '1.8', '']);
    expect(screen.getByText('1 token without a floor keeps its price.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cost +' }));
    expect(prices()).toEqual(['0.88', '0.88', '0.88']);
    await userEvent.clear(screen.getAllByTestId('sell-price')[1]!);
    await userEvent.type(screen.getAllByTestId('sell-price')[1]!, '3');
    expect(prices()).toEqual(['0.88', '3', '0.88']);
    expect(screen.getByRole('button', { name: 'One by one' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('asks again before a price far below the floor, naming the loss, and signs nothing on Back', async () => {
    serve(prepared([sellToken(7, { cost_wei: milliEth(800) })]));
    show(refs(7));
    const input = await screen.findByRole('textbox', { name: 'Price of #7 in ETH' });
    await userEvent.clear(input);
    await userEvent.type(input, '0.3');
    expect(
      within(row(0))
        .getAllByTestId('sell-flag')
        .map((flag) => flag.getAttribute('data-kind')),
    ).toEqual(['below_floor', 'below_cost']);
    await userEvent.click(screen.getByTestId('sell-submit'));
    const confirm = within(await screen.findByRole('dialog', { name: 'List at a loss?' }));
    expect(confirm.getByTestId('sell-losses').textContent).toContain(
      '#7 at 0.3000 ETH: 70% under the floor of 1.0000 ETH, 0.7000 ETH less than at the floor.',
    );
    // 0.3 less OpenSea's 2.5 % and the 5 % royalty is 0.2775: 0.5225 short of the 0.8 it cost.
    expect(confirm.getByTestId('sell-losses').textContent).toContain(
      'you lose 0.5225 ETH against its cost of 0.8000 ETH',
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Back' }));
    expect(sign).not.toHaveBeenCalled();
  });

  it('flags a price under the trader’s own listing, which stays valid on chain until cancelled', async () => {
    const own = {
      order_hash: `0x${'ab'.repeat(32)}`,
      marketplace: 'opensea',
      price_wei: milliEth(1200),
      own: true,
      end_time: null,
    };
    serve(prepared([sellToken(7, { listings: [own] })]));
    show(refs(7));
    await screen.findByTestId('sell-row');
    expect(within(row(0)).getByTestId('sell-flag').textContent).toBe(
      'Your listing at 1.2000 ETH on OpenSea stays valid on chain until cancelled: it shows as superseded.',
    );
  });

  it('signs once per marketplace, posts every listing in one call, then closes and refreshes', async () => {
    const api = serve(prepared([sellToken(1), sellToken(2)]));
    show(refs(1, 2));
    await screen.findAllByTestId('sell-row');
    await userEvent.click(screen.getByTestId('sell-submit'));
    await waitFor(() => expect(sellDialogStore.getState().open).toBe(false));
    expect(sign.mock.calls.map(([, , payload]) => payload.primaryType)).toEqual(['BulkOrder', 'BatchOrder']);
    const [body] = bodiesSentTo(api, '/api/orders/listings/batch') as PostListingsRequest[];
    expect(body!.listings.map((listing) => listing.protocol)).toEqual([
      'seaport',
      'seaport',
      'looksrare-v2',
      'looksrare-v2',
    ]);
    expect(toastStore.getState().toast?.message).toBe('Listed: 4 listings posted.');
  });

  it('keeps the dialog open with the refusal when the order book refuses the batch', async () => {
    serve(prepared([sellToken(1)]), () => ({ status: 1205, msg: 'The signature does not match.', data: null }));
    show(refs(1));
    await screen.findByTestId('sell-row');
    await userEvent.click(screen.getByTestId('sell-submit'));
    expect((await screen.findByTestId('sell-message')).textContent).toBe('The signature does not match.');
    expect(sellDialogStore.getState().open).toBe(true);
    expect(screen.getByTestId('sell-submit')).toHaveProperty('disabled', false);
  });

  it('says which wallet holds a token the connected account does not, and offers no List', async () => {
    serve(prepared([sellToken(1, { wallet: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' })]));
    show(refs(1));
    expect((await screen.findByTestId('sell-wrong-wallet')).textContent).toBe(
      '#1 is in 0x709…79c8: switch your wallet to that account, then list again. Nothing was signed.',
    );
    expect(screen.getByTestId('sell-submit')).toHaveProperty('disabled', true);
  });

  it('offers the plans to a trader without premium', async () => {
    stubApi(() => ({ status: 2101, msg: 'Listing from FloorDesk is only available to premium users', data: null }));
    show(refs(1));
    expect((await screen.findByTestId('sell-premium')).textContent).toContain('only available to premium users');
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/plans');
  });
});
