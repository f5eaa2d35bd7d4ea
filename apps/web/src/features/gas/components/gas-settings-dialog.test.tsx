import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closePanels, panelsStore, setPanelOpen } from '../../../stores/panels-store';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../stores/session-store';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { gasEntriesOf, gasStore } from '../../../stores/gas-store';
import { GasBarEffects } from './gas-bar-effects';
import { GasSettingsDialog } from './gas-settings-dialog';

const alice = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

async function openSettings() {
  sessionStore.getState().signIn({ token: alice, sign_num: 'secret' });
  setPanelOpen('gas', true);
  renderInApp(
    <>
      <GasSettingsDialog />
      <GasBarEffects />
    </>,
  );
  return within(await screen.findByRole('dialog', { name: 'Custom Gas Fee settings' }));
}

const preset = (type: number) => within(screen.getByTestId(`gas-settings-${type}`));
const stored = (type: number) => gasEntriesOf(gasStore.getState().byWallet, alice).find((entry) => entry.type === type);

async function retype(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
}

async function save() {
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('Custom Gas Fee settings', () => {
  beforeEach(() => {
    // A base fee of 10 Gwei.
    stubApi((url) =>
      url.pathname === '/api/user/gas' ? ok({ gas: [] }) : ok({ gas_price: 10, eth_price: 3000, block_number: 1 }),
    );
  });

  afterEach(async () => {
    closePanels();
    sessionStore.getState().clear();
    gasStore.setState({ byWallet: {} });
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows what each preset would pay at the current base fee', async () => {
    await openSettings();
    expect(await preset(1).findByText('max 15 · prio 5 Gwei')).toBeTruthy();
    expect(preset(0).getByText('Set by your wallet')).toBeTruthy();
    expect(preset(2).getByText('max 35 · prio 25 Gwei')).toBeTruthy();
    expect(preset(3).getByText("Not set: your wallet's fees apply")).toBeTruthy();
    expect(preset(5).getByText('from max 23 · prio 3 Gwei')).toBeTruthy();
  });

  it('takes digits and one dot only, as typed', async () => {
    await openSettings();
    const priority = preset(3).getByRole('textbox', { name: 'Custom 1 priority fee (Gwei)' });
    await userEvent.type(priority, '1a2.5-.3e');
    expect((priority as HTMLInputElement).value).toBe('12.53');
  });

  it('asks for the dynamic priority (err.gas_null) and saves nothing', async () => {
    await openSettings();
    await retype(preset(5).getByRole('textbox', { name: 'Dynamic priority fee (Gwei)' }), '');
    await save();
    expect(preset(5).getByRole('alert').textContent).toBe('Enter a priority fee');
    expect(gasStore.getState().byWallet).toEqual({});
    expect(panelsStore.getState().open).toBe('gas');
  });

  it('refuses a custom amount of 0 (err.input_err)', async () => {
    await openSettings();
    await retype(preset(3).getByRole('textbox', { name: 'Custom 1 priority fee (Gwei)' }), '0');
    await retype(preset(3).getByRole('textbox', { name: 'Custom 1 fee (Gwei)' }), '30');
    await save();
    expect(preset(3).getByRole('alert').textContent).toBe('Enter an amount above 0');
  });

  it("refuses an undoubled fee below the priority: it could not pay it ('Invalid gas')", async () => {
    await openSettings();
    await retype(preset(4).getByRole('textbox', { name: 'Custom 2 priority fee (Gwei)' }), '5');
    await retype(preset(4).getByRole('textbox', { name: 'Custom 2 fee (Gwei)' }), '3');
    await save();
    expect(preset(4).getByRole('alert').textContent).toBe('Invalid gas');
  });

  it('says what is wrong in Chinese too', async () => {
    await openSettings();
    await act(() => i18n.changeLanguage('zh'));
    await retype(preset(5).getByRole('textbox', { name: '动态 优先费（Gwei）' }), '');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(preset(5).getByRole('alert').textContent).toBe('请填写优先费');
  });

  it('saves valid values, the fast presets copying priority into fee, and closes', async () => {
    await openSettings();
    await retype(preset(1).getByRole('textbox', { name: 'Fast priority fee (Gwei)' }), '7.5');
    await userEvent.click(
      within(preset(1).getByRole('group', { name: 'Fast base fee multiplier' })).getByRole('button', { name: '2' }),
    );
    await retype(preset(3).getByRole('textbox', { name: 'Custom 1 priority fee (Gwei)' }), '2');
    await retype(preset(3).getByRole('textbox', { name: 'Custom 1 fee (Gwei)' }), '40');
    await userEvent.click(
      within(preset(0).getByRole('group', { name: 'Wallet priority' })).getByRole('button', { name: '2.5 Gwei' }),
    );
    await save();

    expect(panelsStore.getState().open).toBeNull();
    expect(stored(1)).toEqual({ type: 1, status: 0, prio: 7.5, fee: 7.5, base: 2 });
    expect(stored(3)).toEqual({ type: 3, status: 0, prio: 2, fee: 40, base: 0 });
    expect(stored(0)).toEqual({ type: 0, status: 1, prio: 2.5, fee: null, base: 2 });
  });

  it("names the custom presets' base multiplier 0 'Undouble'", async () => {
    await openSettings();
    const bases = within(preset(3).getByRole('group', { name: 'Custom 1 base fee multiplier' }));
    expect(bases.getAllByRole('button').map((button) => button.textContent)).toEqual(['Undouble', '1', '1.5', '2']);
    expect(preset(5).queryByRole('group', { name: /base fee multiplier/ })).toBeNull();
  });

  it('keeps a preset chosen by key while the settings were open', async () => {
    await openSettings();
    await userEvent.click(
      within(preset(1).getByRole('group', { name: 'Fast base fee multiplier' })).getByRole('button', { name: '2' }),
    );
    await userEvent.keyboard('3');
    await save();
    expect(stored(2)?.status).toBe(1);
    expect(stored(0)?.status).toBe(0);
    expect(stored(1)?.base).toBe(2);
  });
});
