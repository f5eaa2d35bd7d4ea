import { describe, expect, it, vi } from 'vitest';

// The web app takes the schemas as types only (docs/architecture.md, "Bundle budget"): what it runs must load
// without zod, or zod and every schema land on its first page.
vi.mock('zod', () => ({
  get z(): never {
    throw new Error('zod is not for the web app');
  },
}));

const WEB_RUNTIME = [
  './address',
  './alert-rules',
  './billing-rules',
  './constants',
  './flipper-rule',
  './gas',
  './http',
  './marketplaces',
  './routes',
  './status',
  './status-messages',
  './sweep-plan',
];

describe('what the web app runs of the protocol', () => {
  it.each(WEB_RUNTIME)('%s loads without zod', async (module) => {
    await expect(import(module)).resolves.toBeTypeOf('object');
  });

  it('refuses a module that builds schemas', async () => {
    await expect(import('./primitives')).rejects.toThrow('zod is not for the web app');
  });
});
