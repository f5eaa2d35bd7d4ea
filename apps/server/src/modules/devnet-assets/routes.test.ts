import {
  collectionBySlug,
  collectionMetadata,
  coverImageSvg,
  hiddenImageSvg,
  hiddenMetadata,
  type CollectionSpec,
  tokenImageSvg,
  tokenMetadata,
  upcomingProjectBySlug,
} from '@floordesk/devnet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetAssets } from '../../devnet';
import { devnetAssetRoutes } from './routes';

const ORIGIN = 'http://devnet.test:8080';
const foxes = collectionBySlug('moonlit-foxes') as CollectionSpec;
const potions = collectionBySlug('ember-alchemy') as CollectionSpec;
const hollow = collectionBySlug('hollow-moons') as CollectionSpec;

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(devnetAssetRoutes, { assets: devnetAssets(ORIGIN) });
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });

const NOT_FOUND = { status: 404, json: true, body: { error: 'not found' } };

async function answerTo(url: string) {
  const response = await get(url);
  const json = String(response.headers['content-type']).startsWith('application/json');
  return { status: response.statusCode, json, body: json ? response.json() : response.body };
}

describe('GET /devnet/metadata/:slug/:id', () => {
  it('answers a token’s metadata as cacheable JSON', async () => {
    const response = await get('/devnet/metadata/moonlit-foxes/7');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.json()).toEqual(tokenMetadata(foxes, 7, ORIGIN));
  });

  it('answers for the last token id of the supply, minted or not', async () => {
    const response = await get('/devnet/metadata/moonlit-foxes/10000');
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Moonlit Foxes #10000');
  });

  it('answers an ERC-1155 id with its item', async () => {
    const response = await get('/devnet/metadata/ember-alchemy/3');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(tokenMetadata(potions, 3, ORIGIN));
    expect(response.json().name).toBe(potions.items?.[2]);
  });

  it('answers the hidden metadata a collection shows until its reveal', async () => {
    const response = await get('/devnet/metadata/hollow-moons/hidden');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(hiddenMetadata(hollow, ORIGIN));
  });

  it('answers the contract-level metadata', async () => {
    const response = await get('/devnet/metadata/moonlit-foxes/collection');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(collectionMetadata(foxes, ORIGIN));
  });

  it.each([
    ['an unknown collection', '/devnet/metadata/no-such-collection/1'],
    ['an upcoming project, which has no tokens yet', '/devnet/metadata/copper-sprites/1'],
    ['token 0', '/devnet/metadata/moonlit-foxes/0'],
    ['a token past the supply', '/devnet/metadata/moonlit-foxes/10001'],
    ['an ERC-1155 id past the last item', '/devnet/metadata/ember-alchemy/25'],
    ['a leading zero', '/devnet/metadata/moonlit-foxes/07'],
    ['a negative id', '/devnet/metadata/moonlit-foxes/-1'],
    ['a fraction', '/devnet/metadata/moonlit-foxes/1.5'],
    ['a hexadecimal id', '/devnet/metadata/moonlit-foxes/0x10'],
    ['an exponent', '/devnet/metadata/moonlit-foxes/1e3'],
    ['a number past uint256', `/devnet/metadata/moonlit-foxes/${2n ** 256n}`],
    ['a 100-digit number', `/devnet/metadata/moonlit-foxes/${'9'.repeat(100)}`],
    ['a word', '/devnet/metadata/moonlit-foxes/cover'],
  ])('answers 404 JSON for %s', async (_, url) => {
    expect(await answerTo(url)).toEqual(NOT_FOUND);
  });
});

describe('GET /devnet/images/:slug/:file', () => {
  it('answers a token image as cacheable SVG', async () => {
    const response = await get('/devnet/images/moonlit-foxes/7.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toBe(tokenImageSvg(foxes, 7));
  });

  it('answers the hidden and cover images of a collection', async () => {
    const hidden = await get('/devnet/images/hollow-moons/hidden.svg');
    expect(hidden.statusCode).toBe(200);
    expect(hidden.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(hidden.body).toBe(hiddenImageSvg(hollow));
    const cover = await get('/devnet/images/ember-alchemy/cover.svg');
    expect(cover.statusCode).toBe(200);
    expect(cover.body).toBe(coverImageSvg(potions));
  });

  it('answers the cover of an upcoming project, which the calendar shows', async () => {
    const response = await get('/devnet/images/copper-sprites/cover.svg');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(coverImageSvg(upcomingProjectBySlug('copper-sprites') ?? foxes));
  });

  it.each([
    ['an unknown collection', '/devnet/images/no-such-collection/1.svg'],
    ['the cover of an unknown collection', '/devnet/images/no-such-collection/cover.svg'],
    ['a token of an upcoming project', '/devnet/images/copper-sprites/1.svg'],
    ['the hidden image of an upcoming project', '/devnet/images/copper-sprites/hidden.svg'],
    ['an id without the extension', '/devnet/images/moonlit-foxes/1'],
    ['another extension', '/devnet/images/moonlit-foxes/1.png'],
    ['token 0', '/devnet/images/moonlit-foxes/0.svg'],
    ['a token past the supply', '/devnet/images/moonlit-foxes/10001.svg'],
    ['a leading zero', '/devnet/images/moonlit-foxes/01.svg'],
    ['a negative id', '/devnet/images/moonlit-foxes/-1.svg'],
    ['a fraction', '/devnet/images/moonlit-foxes/1.5.svg'],
    ['a hexadecimal id', '/devnet/images/moonlit-foxes/0x10.svg'],
    ['a number past uint256', `/devnet/images/moonlit-foxes/${2n ** 256n}.svg`],
    ['a bare extension', '/devnet/images/moonlit-foxes/.svg'],
    ['an unknown file', '/devnet/images/moonlit-foxes/banner.svg'],
  ])('answers 404 JSON for %s', async (_, url) => {
    expect(await answerTo(url)).toEqual(NOT_FOUND);
  });
});

describe('the origin in the documents', () => {
  it('is the configured one, whatever Host the request was addressed to', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/devnet/metadata/moonlit-foxes/7',
      headers: { host: 'evil.example' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().image).toBe(`${ORIGIN}/devnet/images/moonlit-foxes/7.svg`);
  });
});
