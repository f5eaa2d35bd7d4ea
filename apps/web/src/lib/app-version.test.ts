import { describe, expect, it } from 'vitest';
import { version as productVersion } from '../../../../package.json';
import { APP_VERSION } from './app-version';

describe('app version', () => {
  it("is the product's version from the root package.json, the one the server reports and What's New names", () => {
    expect(APP_VERSION).toBe(productVersion);
  });
});
