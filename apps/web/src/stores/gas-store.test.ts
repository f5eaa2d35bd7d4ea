import { DEFAULT_GAS_ENTRIES, type GasEntry, selectGasPreset } from '@floordesk/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { createGasStore, GAS_ITEM_KEY, gasEntriesOf, isGasList } from './gas-store';

const alice = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const bob = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const fastest = selectGasPreset(DEFAULT_GAS_ENTRIES, 2);

beforeEach(() => localStorage.clear());

describe('gas presets per wallet', () => {
  it('keeps each wallet its own presets, under gas_item keyed by the lowercased address', () => {
    const store = createGasStore(localStorage);
    store.getState().set(alice, fastest);
    expect(JSON.parse(localStorage.getItem(GAS_ITEM_KEY)!)).toEqual({ [alice]: fastest });

    const nextVisit = createGasStore(localStorage).getState().byWallet;
    expect(gasEntriesOf(nextVisit, alice)).toEqual(fastest);
    expect(gasEntriesOf(nextVisit, bob)).toEqual(DEFAULT_GAS_ENTRIES);
  });

  it('gives visitors and wallets that never chose the default presets', () => {
    expect(gasEntriesOf({}, null)).toBe(DEFAULT_GAS_ENTRIES);
    expect(gasEntriesOf({ [alice]: fastest }, null)).toBe(DEFAULT_GAS_ENTRIES);
  });

  it("keeps another tab's choice for another wallet when saving", () => {
    const store = createGasStore(localStorage);
    createGasStore(localStorage).getState().set(bob, fastest);
    store.getState().set(alice, DEFAULT_GAS_ENTRIES);
    expect(Object.keys(JSON.parse(localStorage.getItem(GAS_ITEM_KEY)!))).toEqual([bob, alice]);
  });

  it('falls back to the defaults for what it cannot read, and keeps the wallets it can', () => {
    localStorage.setItem(GAS_ITEM_KEY, '{not json');
    expect(createGasStore(localStorage).getState().byWallet).toEqual({});

    const twoSelected = DEFAULT_GAS_ENTRIES.map((entry) => ({ ...entry, status: 1 }));
    localStorage.setItem(
      GAS_ITEM_KEY,
      JSON.stringify({ [alice]: twoSelected, [bob.toUpperCase().replace('0X', '0x')]: fastest }),
    );
    const lists = createGasStore(localStorage).getState().byWallet;
    expect(gasEntriesOf(lists, alice)).toEqual(DEFAULT_GAS_ENTRIES);
    expect(gasEntriesOf(lists, bob)).toEqual(fastest);
  });

  it.each<[string, unknown]>([
    ['a list of five', DEFAULT_GAS_ENTRIES.slice(1)],
    ['presets out of order', DEFAULT_GAS_ENTRIES.toReversed()],
    ['a priority as text', DEFAULT_GAS_ENTRIES.map((entry) => (entry.type === 1 ? { ...entry, prio: '5' } : entry))],
    [
      'a custom fee of 0',
      DEFAULT_GAS_ENTRIES.map((entry) => (entry.type === 3 ? { ...entry, prio: 1, fee: 0 } : entry)),
    ],
    ['no list at all', { gas: DEFAULT_GAS_ENTRIES }],
  ])('refuses %s', (_, value) => {
    expect(isGasList(value)).toBe(false);
  });

  it('accepts the defaults and any valid choice', () => {
    const custom: GasEntry[] = fastest.map((entry) => (entry.type === 3 ? { ...entry, prio: 2, fee: 40 } : entry));
    expect(isGasList(DEFAULT_GAS_ENTRIES)).toBe(true);
    expect(isGasList(custom)).toBe(true);
  });
});
