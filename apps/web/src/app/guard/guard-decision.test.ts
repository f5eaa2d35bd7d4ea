import { describe, expect, it } from 'vitest';
import { type GuardInput, guardDecision } from './guard-decision';

const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const signedIn: GuardInput = {
  pathname: '/collection/7',
  search: '?tab=trades',
  requiresAuth: true,
  token: address,
  signNum: 'secret',
  account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
};

describe('navigation guard', () => {
  it('sends a visitor to sign-in with the target page and query as redirect', () => {
    expect(guardDecision({ ...signedIn, token: null, signNum: null, account: undefined })).toBe(
      '/?redirect=%2Fcollection%2F7%3Ftab%3Dtrades',
    );
  });

  it('sends a signed-in user without a connected wallet to sign-out', () => {
    expect(guardDecision({ ...signedIn, account: undefined })).toBe(
      '/signout?redirect=%2Fcollection%2F7%3Ftab%3Dtrades',
    );
  });

  it('sends a user whose wallet switched to another account to sign-out', () => {
    expect(guardDecision({ ...signedIn, account: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' })).toBe(
      '/signout?redirect=%2Fcollection%2F7%3Ftab%3Dtrades',
    );
  });

  it('sends a user with a token but no sign number to sign-out', () => {
    expect(guardDecision({ ...signedIn, signNum: null })).toBe('/signout?redirect=%2Fcollection%2F7%3Ftab%3Dtrades');
  });

  it('lets a signed-in user whose wallet shows the same account in any letter case through', () => {
    expect(guardDecision(signedIn)).toBeNull();
  });

  it('lets everyone open public pages', () => {
    expect(
      guardDecision({ ...signedIn, pathname: '/plans', requiresAuth: false, token: null, account: undefined }),
    ).toBeNull();
    expect(guardDecision({ ...signedIn, pathname: '/plans', requiresAuth: false, account: undefined })).toBeNull();
  });

  it('moves a signed-in user away from sign-in to trending', () => {
    expect(guardDecision({ ...signedIn, pathname: '/', search: '', requiresAuth: false })).toBe('/trending');
  });

  it('moves a signed-in user away from sign-in to the redirect target when one is given', () => {
    const search = '?redirect=%2Fnotice%3Fpage%3D2';
    expect(guardDecision({ ...signedIn, pathname: '/', search, requiresAuth: false })).toBe('/notice?page=2');
  });

  it('ignores redirect targets outside the app', () => {
    const search = '?redirect=%2F%2Fevil.example';
    expect(guardDecision({ ...signedIn, pathname: '/', search, requiresAuth: false })).toBe('/trending');
  });

  it('shows sign-in to anyone missing the token or the sign number', () => {
    const atSignIn = { ...signedIn, pathname: '/', search: '?redirect=%2Fmy', requiresAuth: false };
    expect(guardDecision({ ...atSignIn, token: null })).toBeNull();
    expect(guardDecision({ ...atSignIn, signNum: null })).toBeNull();
  });
});
