import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { appRoutes } from './routes';

const loginRequired = [
  '/trending',
  '/alert',
  '/my',
  '/notice',
  '/protfolio',
  '/listings',
  '/collection/:id',
  '/collection/:id/summary',
  '/collectiontest/:id',
  '/collectiontest9/:id',
  '/collectiontest10/:id',
  '/dataTest',
  '/verification',
];

describe('route table', () => {
  it('requires sign-in exactly on the pages the original app lists', () => {
    const guarded = appRoutes.filter((route) => route.requiresAuth).map((route) => route.path);
    expect(guarded.toSorted()).toEqual(loginRequired.toSorted());
  });

  it('lists each path once', () => {
    const paths = appRoutes.map((route) => route.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('only lets /activity ignore wallet account changes', () => {
    expect(appRoutes.filter((route) => !route.onAccountChangeJump).map((route) => route.path)).toEqual(['/activity']);
  });

  it('titles each page in English with its en_name', () => {
    const titles = appRoutes.map((route) => [route.path, en.route[route.name].title]);
    expect(titles).toEqual(appRoutes.map((route) => [route.path, route.en_name]));
  });
});
