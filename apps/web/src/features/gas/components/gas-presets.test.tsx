import { DEFAULT_GAS_ENTRIES, type GasEntry, selectGasPreset } from '@floordesk/protocol';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closePanels, panelsStore } from '../../../stores/panels-store';
import { sessionStore } from '../../../stores/session-store';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { closeLoginPrompt, loginPromptStore } from '../../../stores/login-prompt-store';
import { gasEntriesOf, gasStore } from '../../../stores/gas-store';
import { GasBarEffects } from './gas-bar-effects';
import { GasPresets } from './gas-presets';

const alice = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
let api: ReturnType<typeof stubApi>;

function signIn() {
  sessionStore.getState().signIn({ token: alice, sign_num: 'secret' });
}

function renderPresets() {
  renderInApp(
    <>
      <GasPresets labels="names" />
      <GasBarEffects />
      <input aria-label="Notes" />
      <textarea aria-label="Long notes" />
      <div contentEditable data-testid="rich-notes" />
    </>,
  );
}

const presets = () => within(screen.getByRole('group', { name: 'Gas presets' }));
const selected = () => gasEntriesOf(gasStore.getState().byWallet, alice).find((entry) => entry.status === 1)?.type;
const pressed = () => presets().getByRole('button', { pressed: true }).getAttribute('aria-label');
/** The presets POSTed to the server (each once the 500 ms debounce has passed). */
const saved = () =>
  api.mock.calls
    .filter(([input, init]) => String(input).endsWith('/api/user/gas') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as { gas: GasEntry[] });

describe('gas preset buttons and keys', () => {
  beforeEach(() => {
    api = stubApi((url, init) =>
      url.pathname === '/api/user/gas'
        ? ok({ gas: init?.method === 'POST' ? JSON.parse(String(init.body)).gas : [] })
        : ok({ gas_price: 10, eth_price: 3000, block_number: 1 }),
    );
  });

  afterEach(() => {
    closePanels();
    closeLoginPrompt();
    sessionStore.getState().clear();
    gasStore.setState({ byWallet: {} });
  });

  it('offers the six presets by name with the wallet preset chosen at first', () => {
    signIn();
    renderPresets();
    expect(
      presets()
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Wallet', 'Fast', 'Fastest', 'Custom 1', 'Custom 2', 'Dynamic']);
    expect(pressed()).toBe('Wallet');
  });

  it('switches preset with keys 1–6 and the numpad, and saves the choice to the server', async () => {
    signIn();
    renderPresets();
    await userEvent.keyboard('3');
    expect(selected()).toBe(2);
    expect(pressed()).toBe('Fastest');

    fireEvent.keyDown(window, { key: 'End', code: 'Numpad2' });
    expect(selected()).toBe(1);
    await waitFor(() => expect(saved().at(-1)?.gas).toEqual(selectGasPreset(DEFAULT_GAS_ENTRIES, 1)));
    expect(saved()).toHaveLength(1);
  });

  it.each([
    ['an input', () => screen.getByRole('textbox', { name: 'Notes' })],
    ['a textarea', () => screen.getByRole('textbox', { name: 'Long notes' })],
    ['a contenteditable', () => screen.getByTestId('rich-notes')],
  ])('leaves the digits to %s being typed in', async (_, field) => {
    signIn();
    renderPresets();
    await userEvent.click(field());
    await userEvent.keyboard('2');
    expect(gasStore.getState().byWallet).toEqual({});
    expect(pressed()).toBe('Wallet');
  });

  it('ignores a digit pressed with a modifier, and keys that are not 1–6', () => {
    signIn();
    renderPresets();
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey', 'shiftKey']) {
      fireEvent.keyDown(window, { key: '2', code: 'Digit2', [modifier]: true });
    }
    fireEvent.keyDown(window, { key: '7', code: 'Digit7' });
    fireEvent.keyDown(window, { key: '0', code: 'Numpad0' });
    expect(gasStore.getState().byWallet).toEqual({});
  });

  it('asks a visitor to sign in instead of choosing, by key or by click, and to open the settings', async () => {
    renderPresets();
    await userEvent.keyboard('2');
    expect(loginPromptStore.getState().open).toBe(true);
    expect(gasStore.getState().byWallet).toEqual({});

    act(closeLoginPrompt);
    await userEvent.click(presets().getByRole('button', { name: 'Fastest' }));
    expect(loginPromptStore.getState().open).toBe(true);

    act(closeLoginPrompt);
    await userEvent.click(screen.getByRole('button', { name: 'Custom Gas Fee settings' }));
    expect(loginPromptStore.getState().open).toBe(true);
    expect(panelsStore.getState().open).toBeNull();
  });

  it('opens the settings when the chosen preset has no values yet', async () => {
    signIn();
    renderPresets();
    await userEvent.click(presets().getByRole('button', { name: 'Custom 1' }));
    expect(selected()).toBe(3);
    expect(panelsStore.getState().open).toBe('gas');

    act(closePanels);
    await userEvent.keyboard('2');
    expect(panelsStore.getState().open).toBeNull();
    await waitFor(() => expect(saved()).toHaveLength(1));
  });

  it('opens the settings from the gear', async () => {
    signIn();
    renderPresets();
    await userEvent.click(screen.getByRole('button', { name: 'Custom Gas Fee settings' }));
    expect(panelsStore.getState().open).toBe('gas');
  });

  it('labels presets by their keys where the bar is short of room', () => {
    signIn();
    renderInApp(<GasPresets labels="keys" />);
    expect(
      presets()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6']);
  });
});
