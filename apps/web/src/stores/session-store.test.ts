import { beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore, SIGN_NUM_KEY, sessionChangeFromStorage, TOKEN_KEY } from './session-store';

const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const lowercased = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

describe('session store', () => {
  beforeEach(() => localStorage.clear());

  it('stores the address lowercased under `token` and the secret under `sign_num`', () => {
    const store = createSessionStore(localStorage);
    store.getState().signIn({ token: checksummed, sign_num: 'secret' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe(lowercased);
    expect(localStorage.getItem(SIGN_NUM_KEY)).toBe('secret');
    expect(store.getState()).toMatchObject({ token: lowercased, signNum: 'secret' });
  });

  it('restores a stored session on start', () => {
    localStorage.setItem(TOKEN_KEY, lowercased);
    localStorage.setItem(SIGN_NUM_KEY, 'secret');
    expect(createSessionStore(localStorage).getState()).toMatchObject({ token: lowercased, signNum: 'secret' });
  });

  it('treats a non-zero end_flag as premium and keeps identity and ENS out of storage', () => {
    const store = createSessionStore(localStorage);
    store
      .getState()
      .setProfile({ user_address: lowercased, end_flag: 1_900_000_000, identity: '2', before_ens: 'a.eth' });
    expect(store.getState()).toMatchObject({ premium: true, identity: '2', ens: 'a.eth' });
    store.getState().setProfile({ user_address: lowercased, end_flag: 0, identity: '0', before_ens: null });
    expect(store.getState().premium).toBe(false);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('clears token, sign_num, premium, identity and ENS on sign-out', () => {
    const store = createSessionStore(localStorage);
    store.getState().signIn({ token: lowercased, sign_num: 'secret' });
    store.getState().setProfile({ user_address: lowercased, end_flag: 1, identity: '3', before_ens: 'a.eth' });
    store.getState().clear();
    expect(store.getState()).toMatchObject({ token: null, signNum: null, premium: false, identity: '0', ens: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(SIGN_NUM_KEY)).toBeNull();
  });
});

describe('sessions across tabs', () => {
  beforeEach(() => localStorage.clear());

  it('logs this tab out when another tab clears the token', () => {
    expect(sessionChangeFromStorage(TOKEN_KEY, localStorage)).toBe('signedOut');
  });

  it('logs this tab in when another tab stores a new token', () => {
    localStorage.setItem(TOKEN_KEY, lowercased);
    expect(sessionChangeFromStorage(TOKEN_KEY, localStorage)).toBe('signedIn');
  });

  it('logs out when another tab clears all of storage', () => {
    expect(sessionChangeFromStorage(null, localStorage)).toBe('signedOut');
  });

  it('ignores changes to other keys', () => {
    expect(sessionChangeFromStorage('theme', localStorage)).toBeNull();
    expect(sessionChangeFromStorage(SIGN_NUM_KEY, localStorage)).toBeNull();
  });

  it('adopts the session another tab wrote', () => {
    const store = createSessionStore(localStorage);
    localStorage.setItem(SIGN_NUM_KEY, 'other-secret');
    localStorage.setItem(TOKEN_KEY, lowercased);
    store.getState().loadFromStorage();
    expect(store.getState()).toMatchObject({ token: lowercased, signNum: 'other-secret' });
  });
});
