import { DEFAULT_GAS_ENTRIES, LANG_HEADER, Status } from '@floordesk/protocol';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { testClock } from '../../testing/server';
import { useSignedInServer } from '../../testing/signed-in-server';

const database = useTestDatabase();
const server = useSignedInServer(database, testClock());

const getGas = async (headers: Record<string, string>) =>
  (await server.app.inject({ method: 'GET', url: '/api/user/gas', headers })).json();
const saveGas = (headers: Record<string, string>, gas: unknown) =>
  server.app.inject({ method: 'POST', url: '/api/user/gas', headers, payload: { gas } });

/** The defaults with the fastest preset selected and the first custom one filled in. */
const chosen = DEFAULT_GAS_ENTRIES.map((entry) => {
  if (entry.type === 2) return { ...entry, status: 1 };
  if (entry.type === 3) return { ...entry, status: 0, prio: 1.5, fee: 40, base: 0 };
  return { ...entry, status: 0 };
});

describe('gas presets (spec getgas, setgas)', () => {
  it('are empty until the user first saves some', async () => {
    expect(await getGas(server.aliceHeaders)).toMatchObject({ status: Status.Ok, data: { gas: [] } });
  });

  it('are replaced by a save and read back, for that user only', async () => {
    const saved = await saveGas(server.aliceHeaders, chosen);
    expect(saved.json()).toMatchObject({ status: Status.Ok, data: { gas: chosen } });
    expect((await getGas(server.aliceHeaders)).data.gas).toEqual(chosen);
    expect((await getGas(server.bobHeaders)).data.gas).toEqual([]);

    await saveGas(server.bobHeaders, DEFAULT_GAS_ENTRIES);
    expect((await getGas(server.bobHeaders)).data.gas).toEqual(DEFAULT_GAS_ENTRIES);
    expect((await getGas(server.aliceHeaders)).data.gas).toEqual(chosen);
  });

  it("refuse invalid presets with HTTP 400 'Invalid gas' in the caller's language, keeping the saved ones", async () => {
    const invalid = [
      chosen.slice(0, 5),
      chosen.map((entry) => ({ ...entry, status: 1 })),
      chosen.map((entry) => (entry.type === 1 ? { ...entry, prio: 5, fee: 6 } : entry)),
      chosen.map((entry) => (entry.type === 3 ? { ...entry, prio: -1 } : entry)),
    ];
    for (const gas of invalid) {
      for (const [lang, message] of [
        ['en', 'Invalid gas'],
        ['zh', '无效的 Gas 设置'],
      ] as const) {
        const response = await saveGas({ ...server.aliceHeaders, [LANG_HEADER]: lang }, gas);
        expect(response.statusCode).toBe(400);
        expect(response.json().status).toBe(Status.BadRequest);
        expect(response.json().data.fields.map((field: { message: string }) => field.message)).toContain(message);
      }
    }
    expect((await getGas(server.aliceHeaders)).data.gas).toEqual(chosen);
  });

  it('ask visitors to sign in (status 110)', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/user/gas' })).json().status).toBe(
      Status.SessionInvalid,
    );
    const saved = await server.app.inject({ method: 'POST', url: '/api/user/gas', payload: { gas: chosen } });
    expect(saved.json().status).toBe(Status.SessionInvalid);
  });
});
