import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../http/server';
import { useTestDatabase } from '../../testing/database';
import { testConfig, testDevnetOptions } from '../../testing/server';

const database = useTestDatabase();
const config = testConfig({ chainId: 1, chainName: 'Ethereum Mainnet', version: '1.2.3' });
let mainnet: FastifyInstance;
let devnet: FastifyInstance;
beforeAll(async () => {
  mainnet = await buildServer({ config, db: database().db });
  const devnetConfig = testConfig({ chainId: 31337, chainName: 'FloorDesk Devnet', version: '1.2.3' });
  devnet = await buildServer({
    config: devnetConfig,
    db: database().db,
    // Nothing here is called: the app config only reads whether the server runs its own devnet.
    devnet: testDevnetOptions(devnetConfig, 'http://127.0.0.1:9'),
  });
});
afterAll(() => Promise.all([mainnet.close(), devnet.close()]));

async function appConfig(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/api/app/config' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/app/config', () => {
  it('tells the web app which chain it trades on and the server version', async () => {
    expect(await appConfig(mainnet)).toEqual({
      status: 1,
      msg: 'OK',
      data: {
        chain_id: 1,
        chain_name: 'Ethereum Mainnet',
        devnet_wallet: false,
        listings_source: 'none',
        version: '1.2.3',
        links: { how_to_use: { en: '/guide/en', zh: '/guide/zh' }, chat: '', social: '' },
      },
    });
  });

  it('offers the built-in devnet wallet only when the server runs its own devnet', async () => {
    expect((await appConfig(devnet)).data).toMatchObject({
      chain_id: 31337,
      devnet_wallet: true,
      listings_source: 'devnet',
    });
  });

  it('says listings come from the marketplace APIs once a key is set, and from nowhere without one', async () => {
    const keyed = await buildServer({
      config: testConfig({
        chainId: 1,
        marketplaceApis: { looksRare: { url: new URL('https://api.looksrare.org'), key: 'k' } },
      }),
      db: database().db,
    });
    try {
      expect((await appConfig(keyed)).data).toMatchObject({ listings_source: 'marketplace_apis' });
    } finally {
      await keyed.close();
    }
  });

  it('never offers it on a chain the server does not run itself, whatever its id', async () => {
    const elsewhere = await buildServer({ config: testConfig({ chainId: 31337 }), db: database().db });
    try {
      expect((await appConfig(elsewhere)).data).toMatchObject({ chain_id: 31337, devnet_wallet: false });
    } finally {
      await elsewhere.close();
    }
  });
});

describe("the account menu's links", () => {
  it('come from the configuration and the chat invite; without them, the guide this server serves', async () => {
    const configured = await buildServer({
      config: testConfig({ links: { howToUse: 'https://docs.example/how', social: 'https://x.com/example' } }),
      db: database().db,
      chat: { bot: undefined, publicKey: undefined, inviteUrl: 'https://discord.gg/example' },
    });
    try {
      expect((await appConfig(configured)).data.links).toEqual({
        how_to_use: { en: 'https://docs.example/how', zh: 'https://docs.example/how' },
        chat: 'https://discord.gg/example',
        social: 'https://x.com/example',
      });
    } finally {
      await configured.close();
    }
  });

  it('include the guide, served in each language, and a guide in the asker’s language for any other path', async () => {
    const en = await mainnet.inject({ method: 'GET', url: '/guide/en' });
    expect(en.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(en.body).toMatch(/^# How to use FloorDesk\n/);
    expect(en.body).toContain('## Sweep');
    expect((await mainnet.inject({ method: 'GET', url: '/guide/zh' })).body).toMatch(/^# FloorDesk 使用指南\n/);
    const other = await mainnet.inject({ method: 'GET', url: '/guide/fr', headers: { 'accept-language': 'zh-CN' } });
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe('/guide/zh');
  });
});
