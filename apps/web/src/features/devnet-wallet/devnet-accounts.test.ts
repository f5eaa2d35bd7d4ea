import { describe, expect, it } from 'vitest';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { PEOPLE_ACCOUNTS, peopleIndexOf } from './devnet-accounts';

describe('the devnet wallet accounts', () => {
  it("are anvil's public test mnemonic's accounts 0–4, the devnet's people accounts, each key with its address", () => {
    const mnemonic = 'test test test test test test test test test test test junk';
    PEOPLE_ACCOUNTS.forEach(({ privateKey, address }, index) => {
      expect(privateKeyToAccount(privateKey).address).toBe(address);
      expect(mnemonicToAccount(mnemonic, { addressIndex: index }).address).toBe(address);
    });
    expect(PEOPLE_ACCOUNTS).toHaveLength(5);
  });

  it('tells a people account by its index and a fresh key by none', () => {
    expect(peopleIndexOf(PEOPLE_ACCOUNTS[3]!.address)).toBe(3);
    expect(peopleIndexOf('0x0000000000000000000000000000000000000001')).toBeNull();
  });
});
