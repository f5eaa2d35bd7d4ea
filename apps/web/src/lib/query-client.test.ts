import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../stores/session-store';
import { createQueryClient, forgetOnAccountChange } from './query-client';

const alice = { token: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', sign_num: 'a' };
const bob = { token: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', sign_num: 'b' };

describe('query cache across accounts', () => {
  it("forgets the previous account's answers when another signs in or the session ends", () => {
    const session = createSessionStore(localStorage);
    const client = createQueryClient();
    forgetOnAccountChange(client, session);
    session.getState().signIn(alice);
    client.setQueryData(['watchlist', 60], { list: ['alice follows this'] });

    session.getState().signIn(bob);
    expect(client.getQueryData(['watchlist', 60])).toBeUndefined();

    client.setQueryData(['watchlist', 60], { list: ['bob follows this'] });
    session.getState().clear();
    expect(client.getQueryData(['watchlist', 60])).toBeUndefined();
  });

  it('keeps the cache while the same account stays signed in', () => {
    const session = createSessionStore(localStorage);
    const client = createQueryClient();
    forgetOnAccountChange(client, session);
    session.getState().signIn(alice);
    client.setQueryData(['watchlist', 60], { list: [] });
    session.getState().setProfile({ user_address: alice.token, end_flag: 0, identity: '0', before_ens: null });
    expect(client.getQueryData(['watchlist', 60])).toEqual({ list: [] });
  });
});
