import { DEFAULT_GAS_ENTRIES, type GasEntry, type GasSettingsData, selectGasPreset } from '@floordesk/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGasStore, gasEntriesOf } from '../../stores/gas-store';
import { createGasSync, GAS_SAVE_DEBOUNCE_MS } from './gas-sync';

const alice = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const fast = selectGasPreset(DEFAULT_GAS_ENTRIES, 1);
const dynamic = selectGasPreset(DEFAULT_GAS_ENTRIES, 5);

function setup({ server = [] as GasEntry[], signedIn = alice as string | null } = {}) {
  const store = createGasStore(localStorage);
  const session = { address: signedIn };
  const fetch = vi.fn<() => Promise<GasSettingsData>>(async () => ({ gas: server }));
  const save = vi.fn<(entries: readonly GasEntry[]) => Promise<GasSettingsData>>(async (entries) => ({
    gas: [...entries],
  }));
  const sync = createGasSync({ store, fetch, save, currentAddress: () => session.address });
  return { store, sync, save, session, local: () => gasEntriesOf(store.getState().byWallet, alice) };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('gas presets between this browser and the server', () => {
  it("replaces the local presets with the server's", async () => {
    const { store, sync, local, save } = setup({ server: dynamic });
    store.getState().set(alice, fast);
    await sync.pull(alice);
    expect(local()).toEqual(dynamic);
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the local presets up when the server has none yet', async () => {
    const { store, sync, save } = setup({ server: [] });
    store.getState().set(alice, fast);
    await sync.pull(alice);
    expect(save).toHaveBeenCalledExactlyOnceWith(fast);
  });

  it('sends nothing when neither side has presets: both use the defaults', async () => {
    const { sync, save, local } = setup({ server: [] });
    await sync.pull(alice);
    expect(save).not.toHaveBeenCalled();
    expect(local()).toBe(DEFAULT_GAS_ENTRIES);
  });

  it('ignores a server list it cannot use', async () => {
    const { store, sync, local } = setup({ server: [{ ...DEFAULT_GAS_ENTRIES[0]!, base: 7 }] });
    store.getState().set(alice, fast);
    await sync.pull(alice);
    expect(local()).toEqual(fast);
  });

  it('keeps a change made while the server was answering: it is newer', async () => {
    const { sync, local } = setup({ server: dynamic });
    const pulled = sync.pull(alice);
    sync.change(alice, fast);
    await pulled;
    expect(local()).toEqual(fast);
  });

  it('saves every change locally at once and sends the last of a burst once, 500 ms after it', async () => {
    vi.useFakeTimers();
    const { sync, save, local } = setup();
    sync.change(alice, fast);
    expect(local()).toEqual(fast);
    await vi.advanceTimersByTimeAsync(GAS_SAVE_DEBOUNCE_MS - 100);
    sync.change(alice, dynamic);
    await vi.advanceTimersByTimeAsync(GAS_SAVE_DEBOUNCE_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledExactlyOnceWith(dynamic);
  });

  it('does not send a change once its wallet has signed out; it waits for the next sign-in', async () => {
    vi.useFakeTimers();
    const { sync, save, session, local } = setup();
    sync.change(alice, fast);
    session.address = null;
    await vi.advanceTimersByTimeAsync(GAS_SAVE_DEBOUNCE_MS);
    expect(save).not.toHaveBeenCalled();
    expect(local()).toEqual(fast);
  });
});
