import { OWN_WALLETS_MAX_ADDED, Status } from '@floordesk/protocol';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { testClock } from '../../testing/server';
import { useSignedInServer } from '../../testing/signed-in-server';
import { alice, bob, sessionHeaders, signIn } from '../../testing/wallets';

const database = useTestDatabase();
const clock = testClock();
const server = useSignedInServer(database, clock);
const aliceAddress = alice.address.toLowerCase();
const bobAddress = bob.address.toLowerCase();

function someAddress(): string {
  return privateKeyToAccount(generatePrivateKey()).address;
}

async function call(headers: Record<string, string>, action: 'add' | 'delete', address: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: action === 'add' ? '/api/user/wallets' : '/api/user/wallets/delete',
    headers: { ...headers, 'x-lang': 'zh' },
    payload: { address },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { status: number; msg: string; data: { list: Array<{ address: string }> } | null };
}

async function list(headers: Record<string, string>) {
  const response = await server.app.inject({ method: 'GET', url: '/api/user/wallets', headers });
  expect(response.json().status).toBe(Status.Ok);
  return response.json().data.list as Array<{ address: string; ens: string | null; primary: boolean }>;
}

async function storedWallets(): Promise<Array<{ user_address: string; address: string }>> {
  const { rows } = await database().pool.query('select user_address, address from user_wallets order by 1, 2');
  return rows;
}

describe('own wallets', () => {
  it('are the signed-in address first, never removable, then the added ones, oldest first, lowercased', async () => {
    const { headers, address } = await newUser();
    const [first, second] = [someAddress(), someAddress()];
    await call(headers, 'add', first);
    clock.advance(1000);
    const added = await call(headers, 'add', `  ${second.toUpperCase().replace('0X', '0x')} `);
    expect(added.status).toBe(Status.Ok);
    expect(added.data?.list.map((wallet) => wallet.address)).toEqual([
      address,
      first.toLowerCase(),
      second.toLowerCase(),
    ]);
    expect((await list(headers)).map((wallet) => wallet.primary)).toEqual([true, false, false]);

    const primary = await call(headers, 'delete', address);
    expect(primary).toMatchObject({ status: Status.WalletPrimary, msg: '登录所用的钱包不能删除。', data: null });
    expect((await call(headers, 'delete', first)).data?.list.map((wallet) => wallet.address)).toEqual([
      address,
      second.toLowerCase(),
    ]);
  });

  it("refuses what is not an address with the original app's 'Invalid address', writing nothing", async () => {
    const before = await storedWallets();
    for (const text of ['', 'hello', '0x1234', `${someAddress()}00`, '0x' + '0'.repeat(40), 'vitalik.eth']) {
      expect((await call(server.aliceHeaders, 'add', text)).status).toBe(Status.WalletInvalid);
    }
    const invalid = await server.app.inject({
      method: 'POST',
      url: '/api/user/wallets',
      headers: server.aliceHeaders,
      payload: { address: '0xzz' },
    });
    expect(invalid.json()).toMatchObject({ status: Status.WalletInvalid, msg: 'Invalid address' });
    expect(await storedWallets()).toEqual(before);
  });

  it("stops at 10 added with 'Add up to 10', even when the adds race", async () => {
    const { headers, address } = await newUser();
    const adds = await Promise.all(
      Array.from({ length: OWN_WALLETS_MAX_ADDED + 3 }, () => call(headers, 'add', someAddress())),
    );
    expect(adds.filter((add) => add.status === Status.Ok)).toHaveLength(OWN_WALLETS_MAX_ADDED);
    expect(adds.filter((add) => add.status === Status.WalletLimit)).toHaveLength(3);
    expect(adds.find((add) => add.status === Status.WalletLimit)?.msg).toBe('最多添加 10 个');
    expect(await list(headers)).toHaveLength(OWN_WALLETS_MAX_ADDED + 1);
    expect((await storedWallets()).filter((row) => row.user_address === address)).toHaveLength(OWN_WALLETS_MAX_ADDED);
  });

  it('refuses a duplicate, the signed-in address included', async () => {
    const wallet = someAddress();
    expect((await call(server.aliceHeaders, 'add', wallet)).status).toBe(Status.Ok);
    expect((await call(server.aliceHeaders, 'add', wallet.toLowerCase())).status).toBe(Status.WalletDuplicate);
    expect((await call(server.aliceHeaders, 'add', aliceAddress)).status).toBe(Status.WalletDuplicate);
  });

  it("lets nobody delete another user's wallet, or see their list", async () => {
    const wallet = someAddress();
    await call(server.bobHeaders, 'add', wallet);
    const before = await storedWallets();
    expect((await call(server.aliceHeaders, 'delete', wallet)).status).toBe(Status.WalletUnknown);
    expect((await call(server.aliceHeaders, 'delete', bobAddress)).status).toBe(Status.WalletUnknown);
    expect(await storedWallets()).toEqual(before);
    expect((await list(server.aliceHeaders)).map((row) => row.address)).not.toContain(wallet.toLowerCase());
    // Two users may both count one wallet as theirs (a shared vault, a wallet someone tracks).
    expect((await call(server.aliceHeaders, 'add', wallet)).status).toBe(Status.Ok);
  });

  it('answers 110 without a session, and identity comes from the session only', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/user/wallets' },
      { method: 'POST' as const, url: '/api/user/wallets', payload: { address: someAddress() } },
      { method: 'POST' as const, url: '/api/user/wallets/delete', payload: { address: someAddress() } },
    ]) {
      const response = await server.app.inject({ ...request, headers: { 'x-address': aliceAddress } });
      expect(response.json().status).toBe(Status.SessionInvalid);
    }
    const spoofed = await server.app.inject({
      method: 'POST',
      url: '/api/user/wallets',
      headers: server.bobHeaders,
      payload: { address: someAddress(), user_address: aliceAddress },
    });
    expect(spoofed.json().data.list[0].address).toBe(bobAddress);
  });
});

async function newUser() {
  const account = privateKeyToAccount(generatePrivateKey());
  return { headers: sessionHeaders(await signIn(server.app, account)), address: account.address.toLowerCase() };
}
