import type { AlertType } from '@floordesk/protocol';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../stores/session-store';
import { renderInApp } from '../../../test/render-in-app';
import { newDraft } from '../alert-draft';
import { PUNKS, postedTo, signIn, stubAlertServer } from '../test-fixtures';
import { AlertForm } from './alert-form';

const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

function renderForm(type: AlertType) {
  const onSaved = vi.fn<(message: string) => void>();
  const onBack = vi.fn<() => void>();
  const view = renderInApp(
    <AlertForm initial={newDraft(type)} chatMissing={false} onSetUpChat={() => {}} onSaved={onSaved} onBack={onBack} />,
    { path: '/trending' },
  );
  return { ...view, onSaved, onBack };
}

beforeEach(() => signIn());
afterEach(async () => {
  sessionStore.getState().clear();
  await act(() => i18n.changeLanguage('en'));
});

/** The original app's floor-price and wallet messages, as the protocol words them in each language. */
const MESSAGES = {
  en: {
    save: 'Save',
    name: 'Alert name',
    price: (n: number) => `Trigger price ${n}`,
    addPrice: 'Add price',
    wallet: (n: number) => `Wallet address ${n}`,
    addWallet: 'Add wallet',
    empty: 'This item cannot be empty',
    format: 'Wrong price format',
    min: 'The price cannot be less than 0.0001',
    duplicate: 'The price already exists',
    fivePrices: 'Add up to 5',
    tenWallets: 'Add up to 10',
    invalid: 'Invalid address',
  },
  zh: {
    save: '保存',
    name: '提醒名称',
    price: (n: number) => `触发价格 ${n}`,
    addPrice: '添加价格',
    wallet: (n: number) => `钱包地址 ${n}`,
    addWallet: '添加钱包',
    empty: '此项不能为空',
    format: '价格格式错误',
    min: '价格不能低于 0.0001',
    duplicate: '该价格已存在',
    fivePrices: '最多添加 5 个',
    tenWallets: '最多添加 10 个',
    invalid: '无效的地址',
  },
};

/** The problem shown in the row of `input`. */
const rowProblem = (input: HTMLElement) => within(input.closest('li')!).queryByRole('alert')?.textContent?.trim();

describe.each(['en', 'zh'] as const)('alert form messages (%s)', (lang) => {
  const m = MESSAGES[lang];
  beforeEach(async () => {
    await act(() => i18n.changeLanguage(lang));
  });

  it('words each trigger-price problem under its price, and saves nothing', async () => {
    const { fetchSpy } = stubAlertServer();
    renderForm(301);
    const price = (n: number) => screen.getByRole('textbox', { name: m.price(n) });

    await userEvent.click(screen.getByRole('button', { name: m.save }));
    expect(rowProblem(price(1))).toBe(m.empty);
    expect(price(1).getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(price(1), '1.2.3');
    expect(rowProblem(price(1))).toBe(m.format);
    await userEvent.clear(price(1));
    await userEvent.type(price(1), '0.00009');
    expect(rowProblem(price(1))).toBe(m.min);
    await userEvent.clear(price(1));
    await userEvent.type(price(1), '0.5');
    expect(rowProblem(price(1))).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: m.addPrice }));
    await userEvent.type(price(2), '0.50');
    expect(rowProblem(price(2))).toBe(m.duplicate);
    expect(rowProblem(price(1))).toBeUndefined();

    for (let n = 3; n <= 5; n++) await userEvent.click(screen.getByRole('button', { name: m.addPrice }));
    expect(screen.getAllByTestId('alert-price-row')).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: m.addPrice }));
    expect(screen.getAllByTestId('alert-price-row')).toHaveLength(5);
    expect(within(screen.getByTestId('alert-prices')).getAllByRole('alert').at(-1)?.textContent).toBe(m.fivePrices);

    await userEvent.click(screen.getByRole('button', { name: m.save }));
    expect(postedTo(fetchSpy, '/api/alerts')).toEqual([]);
  });

  it("stops at ten wallets with 'Add up to 10', and words a wallet that is not an address", async () => {
    stubAlertServer();
    renderForm(202);
    for (let n = 2; n <= 10; n++) await userEvent.click(screen.getByRole('button', { name: m.addWallet }));
    expect(screen.getAllByTestId('alert-wallet-row')).toHaveLength(10);
    expect(within(screen.getByTestId('alert-wallets')).queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: m.addWallet }));
    expect(screen.getAllByTestId('alert-wallet-row')).toHaveLength(10);
    expect(within(screen.getByTestId('alert-wallets')).getAllByRole('alert').at(-1)?.textContent).toBe(m.tenWallets);

    await userEvent.type(screen.getByRole('textbox', { name: m.wallet(1) }), '0x1234');
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    expect(rowProblem(screen.getByRole('textbox', { name: m.wallet(1) }))).toBe(m.invalid);
    expect(rowProblem(screen.getByRole('textbox', { name: m.wallet(2) }))).toBe(m.empty);
    // The first field with a problem (the empty name) takes the focus.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: m.name }));
  });
});

/** The problem shown under the field named `name` (the last of what describes it). */
function problemOf(name: string): string | null | undefined {
  const describedBy = screen.getByRole('textbox', { name }).getAttribute('aria-describedby') ?? '';
  return document.getElementById(describedBy.split(' ').at(-1) ?? '')?.textContent;
}

describe('alert forms', () => {
  it('sends a wallet alert with its wallets and nicknames, trimmed', async () => {
    const { fetchSpy } = stubAlertServer();
    const { onSaved } = renderForm(201);
    await userEvent.type(screen.getByRole('textbox', { name: 'Alert name' }), ' Smart money ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Wallet address 1' }), ` ${WALLET} `);
    await userEvent.type(screen.getByRole('textbox', { name: 'Nickname 1' }), 'Bob');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Alert saved: it watches from now on.'));
    expect(postedTo(fetchSpy, '/api/alerts')).toEqual([
      {
        type: 201,
        title: 'Smart money',
        enabled: true,
        dm_limit: 10,
        qb_address2: [{ address: WALLET, nickname: 'Bob' }],
      },
    ]);
  });

  it('sends a whale alert with its counts, and words counts out of range', async () => {
    const { fetchSpy } = stubAlertServer();
    renderForm(303);
    await userEvent.type(screen.getByRole('textbox', { name: 'Alert name' }), 'Whales');
    await userEvent.type(screen.getByRole('combobox', { name: 'Collection' }), PUNKS);
    await userEvent.type(screen.getByRole('textbox', { name: 'NFT count owned' }), '0');
    await userEvent.clear(screen.getByRole('textbox', { name: 'DM limit' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'DM limit' }), '61');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(problemOf('NFT count owned')).toBe('Enter a whole number within the range shown.');
    expect(problemOf('Listing count')).toBe('Enter a whole number within the range shown.');
    expect(problemOf('DM limit')).toBe('The DM limit is 1 to 60 messages an hour.');
    expect(postedTo(fetchSpy, '/api/alerts')).toEqual([]);

    await userEvent.clear(screen.getByRole('textbox', { name: 'NFT count owned' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'NFT count owned' }), '20');
    await userEvent.type(screen.getByRole('textbox', { name: 'Listing count' }), '3');
    await userEvent.clear(screen.getByRole('textbox', { name: 'DM limit' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'DM limit' }), '5');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Interval' }), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postedTo(fetchSpy, '/api/alerts')).toHaveLength(1));
    expect(postedTo(fetchSpy, '/api/alerts')[0]).toEqual({
      type: 303,
      title: 'Whales',
      enabled: true,
      dm_limit: 5,
      address: PUNKS,
      interval: 60,
      owned_count: 20,
      listing_count: 3,
    });
  });

  it('picks a collection found by name', async () => {
    const { fetchSpy } = stubAlertServer({
      search: [{ address: PUNKS, name: 'CryptoPunks', img: null, sr_status: 1, count: 10000, type: '721' }],
    });
    renderForm(302);
    await userEvent.type(screen.getByRole('combobox', { name: 'Collection' }), 'punk');
    await userEvent.click(await screen.findByRole('option', { name: /CryptoPunks/ }));
    expect(screen.getByRole('combobox', { name: 'Collection' })).toHaveProperty('value', PUNKS);
    expect(fetchSpy.mock.calls.some(([input]) => String(input).endsWith('/api/search?q=punk'))).toBe(true);
    await userEvent.tab();
    expect(screen.getByTestId('alert-collection').textContent).toContain('CryptoPunks');
  });

  it('takes a custom event in local time and sends it as unix seconds, and refuses a reminder already due', async () => {
    const { fetchSpy } = stubAlertServer();
    renderForm(401);
    await userEvent.type(screen.getByRole('textbox', { name: 'Alert name' }), 'Reveal');
    const start = screen.getByLabelText('Start time');
    fireEvent.change(start, { target: { value: '2020-01-02T03:04' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Choose a time whose reminder is still ahead.')).toBeTruthy();

    fireEvent.change(start, { target: { value: '2099-05-06T07:08' } });
    await userEvent.clear(screen.getByRole('textbox', { name: 'Lead time (minutes)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Lead time (minutes)' }), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postedTo(fetchSpy, '/api/alerts')).toHaveLength(1));
    expect(postedTo(fetchSpy, '/api/alerts')[0]).toEqual({
      type: 401,
      title: 'Reveal',
      enabled: true,
      dm_limit: 10,
      custom_time_value: new Date(2099, 4, 6, 7, 8).getTime() / 1000,
      lead_minutes: 30,
    });
  });

  it('goes back without saving', async () => {
    const { fetchSpy } = stubAlertServer();
    const { onBack } = renderForm(103);
    expect(screen.getByRole('textbox', { name: 'Pending threshold' })).toHaveProperty('value', '10');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
    expect(postedTo(fetchSpy, '/api/alerts')).toEqual([]);
  });
});
