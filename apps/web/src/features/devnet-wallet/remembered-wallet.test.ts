import { describe, expect, it } from 'vitest';
import { readDevnetWallet, rememberDevnetWallet } from './remembered-wallet';

const privateKey = `0x${'11'.repeat(32)}` as const;
const address = `0x${'22'.repeat(20)}` as const;

describe('the remembered devnet wallet', () => {
  it('reads back what it remembered', () => {
    rememberDevnetWallet(localStorage, { privateKey, address, connected: true });
    expect(readDevnetWallet(localStorage)).toEqual({ privateKey, address, connected: true });
  });

  it.each([
    ['nothing', null],
    ['not JSON', '{'],
    ['a short key', JSON.stringify({ privateKey: '0x11', address, connected: true })],
    ['no address', JSON.stringify({ privateKey, connected: true })],
    ['no connection flag', JSON.stringify({ privateKey, address })],
  ])('is none when storage holds %s', (_, stored) => {
    if (stored !== null) localStorage.setItem('devnet_wallet', stored);
    expect(readDevnetWallet(localStorage)).toBeNull();
  });
});
