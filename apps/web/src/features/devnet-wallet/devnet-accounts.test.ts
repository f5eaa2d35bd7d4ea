import { describe, expect, it } from 'vitest';
import { mnemonicToAccount } from 'viem/accounts';
import { DEVNET_PEOPLE_KEYS, PEOPLE_ACCOUNTS, peopleIndexOf } from './devnet-accounts';

describe('the devnet wallet accounts', () => {
  it("are anvil's public test mnemonic's accounts 0–4, the devnet's people accounts", () => {
    const mnemonic = 'test test test test test test test test test test test junk';
    expect(PEOPLE_ACCOUNTS.map(({ address }) => address)).toEqual(
      DEVNET_PEOPLE_KEYS.map((_, index) => mnemonicToAccount(mnemonic, { addressIndex: index }).address),
    );
    expect(PEOPLE_ACCOUNTS[0]!.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('tells a people account by its index and a fresh key by none', () => {
    expect(peopleIndexOf(PEOPLE_ACCOUNTS[3]!.address)).toBe(3);
    expect(peopleIndexOf('0x0000000000000000000000000000000000000001')).toBeNull();
  });
});
