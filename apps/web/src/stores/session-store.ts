import { type LoginData, normalizeAddress, type UserCheckData } from '@floordesk/protocol';
import { createStore, useStore } from 'zustand';

export const TOKEN_KEY = 'token';
export const SIGN_NUM_KEY = 'sign_num';

const DEFAULT_IDENTITY = '0';

export type SessionState = {
  /** The signed-in wallet address, lowercased. Persisted. */
  token: string | null;
  /** The session secret the API expects as a bearer token. Persisted. */
  signNum: string | null;
  /** From the user check, kept for this page's lifetime only. */
  premium: boolean;
  identity: string;
  ens: string | null;
  signIn: (login: LoginData) => void;
  setProfile: (check: UserCheckData) => void;
  /** Adopts the session another tab wrote to storage. */
  loadFromStorage: () => void;
  clear: () => void;
};

const signedOut = { token: null, signNum: null, premium: false, identity: DEFAULT_IDENTITY, ens: null } as const;

// Persisted by hand to the raw keys of the original app rather than through zustand's JSON blob.
export function createSessionStore(storage: Storage) {
  const stored = () => ({ token: storage.getItem(TOKEN_KEY), signNum: storage.getItem(SIGN_NUM_KEY) });
  return createStore<SessionState>()((set) => ({
    ...signedOut,
    ...stored(),
    signIn: ({ token, sign_num }) => {
      const address = normalizeAddress(token);
      // sign_num goes first: other tabs react to the token key and must find the secret already there.
      storage.setItem(SIGN_NUM_KEY, sign_num);
      storage.setItem(TOKEN_KEY, address);
      set({ token: address, signNum: sign_num });
    },
    setProfile: ({ end_flag, identity, before_ens }) => set({ premium: end_flag !== 0, identity, ens: before_ens }),
    loadFromStorage: () => set({ ...signedOut, ...stored() }),
    clear: () => {
      storage.removeItem(TOKEN_KEY);
      storage.removeItem(SIGN_NUM_KEY);
      set(signedOut);
    },
  }));
}

export type SessionChange = 'signedIn' | 'signedOut';

/**
 * What a `storage` event from another tab means for this one: a cleared token logs out, a new token
 * logs in. `key` is null when the other tab cleared all of storage.
 */
export function sessionChangeFromStorage(key: string | null, storage: Storage): SessionChange | null {
  if (key !== null && key !== TOKEN_KEY) return null;
  return storage.getItem(TOKEN_KEY) ? 'signedIn' : 'signedOut';
}

export const sessionStore = createSessionStore(window.localStorage);

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
