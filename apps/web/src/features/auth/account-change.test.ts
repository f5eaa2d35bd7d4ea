import { describe, expect, it } from 'vitest';
import { type AccountChange, accountChangeTarget } from './account-change';

const token = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const onCollection: AccountChange = { account: token, token, pathname: '/collection/7', search: '?tab=trades' };

describe('wallet account changes while signed in', () => {
  it('sends the user to sign-in when the wallet disconnects', () => {
    expect(accountChangeTarget({ ...onCollection, account: undefined })).toBe(
      '/?redirect=%2Fcollection%2F7%3Ftab%3Dtrades',
    );
  });

  it('signs the user out when the wallet switches to another account', () => {
    expect(accountChangeTarget({ ...onCollection, account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })).toBe(
      '/signout?redirect=%2Fcollection%2F7%3Ftab%3Dtrades',
    );
  });

  it('keeps the user where they are when the same account comes back', () => {
    expect(accountChangeTarget({ ...onCollection, account: '0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266' })).toBeNull();
  });

  it('moves the user from sign-in to the redirect target when the same account comes back', () => {
    expect(accountChangeTarget({ ...onCollection, pathname: '/', search: '?redirect=%2Fmy' })).toBe('/my');
    expect(accountChangeTarget({ ...onCollection, pathname: '/signout', search: '' })).toBe('/trending');
  });

  it('leaves sign-in and sign-out alone for any other change', () => {
    expect(accountChangeTarget({ ...onCollection, pathname: '/', account: undefined })).toBeNull();
  });

  it('ignores account changes of a visitor', () => {
    expect(accountChangeTarget({ ...onCollection, token: null, account: undefined })).toBeNull();
  });
});
