import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, chainName, loadConfig, originWarning } from './config';

const trust = (TRUST_PROXY: string) => loadConfig({ TRUST_PROXY }).trustProxy;
const originOnPort3000 = (HOST: string) => loadConfig({ HOST, PORT: '3000' }).origin.href;
const warning = (env: Record<string, string>) => originWarning(loadConfig(env));

const loadBadConfig = () =>
  loadConfig({ PORT: 'eighty', CHAIN_ID: '-1', DATABASE_URL: 'mysql://db', PREMIUM_ADDRESSES: '0x12' });

describe('configuration', () => {
  it('runs the devnet on 127.0.0.1:8080 with an embedded database when nothing is set', () => {
    const config = loadConfig({ INIT_CWD: '/srv/floordesk' });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/floordesk/.data',
      databaseUrl: undefined,
      chainId: 31337,
      chainName: 'FloorDesk Devnet',
      originConfigured: false,
      authRateLimit: 20,
      trustProxy: false,
      logLevel: 'info',
    });
    expect(config.origin.href).toBe('http://127.0.0.1:8080/');
    expect(config.premiumAddresses).toBeUndefined();
    expect(config.webDist).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it("reads TRUST_PROXY as a switch or the proxies' addresses", () => {
    expect([trust('true'), trust('false')]).toEqual([true, false]);
    expect(trust('10.0.0.1, 10.1.0.0/16')).toEqual(['10.0.0.1', '10.1.0.0/16']);
  });

  it('resolves relative paths against the directory npm was started from', () => {
    const config = loadConfig({ INIT_CWD: '/srv/floordesk', DATA_DIR: 'state', WEB_DIST: '../web' });
    expect(config.dataDir).toBe('/srv/floordesk/state');
    expect(config.webDist).toBe('/srv/web');
  });

  it('reads premium addresses as a lowercased comma list', () => {
    const config = loadConfig({
      PREMIUM_ADDRESSES: '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266, 0x70997970C51812dc3A010C7d01b50e0d17dc79C8,',
    });
    expect([...(config.premiumAddresses ?? [])]).toEqual([
      '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    ]);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('names each bad variable', () => {
    expect(loadBadConfig).toThrow(ConfigError);
    expect(loadBadConfig).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*CHAIN_ID[\s\S]*PREMIUM_ADDRESSES/);
  });

  it('takes the origin from PUBLIC_ORIGIN, scheme, host and port only', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://floordesk.app/desk/', HOST: '0.0.0.0' });
    expect([config.origin.href, config.originConfigured]).toEqual(['https://floordesk.app/', true]);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'ftp://floordesk.app' })).toThrow(/PUBLIC_ORIGIN/);
  });

  it('takes the origin from HOST and PORT without PUBLIC_ORIGIN, loopback for a wildcard HOST', () => {
    expect(['localhost', '10.0.0.5', 'floordesk.lan', '::1', '0.0.0.0', '::'].map(originOnPort3000)).toEqual([
      'http://localhost:3000/',
      'http://10.0.0.5:3000/',
      'http://floordesk.lan:3000/',
      'http://[::1]:3000/',
      'http://127.0.0.1:3000/',
      'http://127.0.0.1:3000/',
    ]);
    expect(() => loadConfig({ HOST: 'floor desk' })).toThrow(/HOST/);
  });

  it('warns at start when listening beyond loopback without PUBLIC_ORIGIN, and only then', () => {
    expect(warning({ HOST: '0.0.0.0' })).toMatch(/PUBLIC_ORIGIN.*http:\/\/127\.0\.0\.1:8080/);
    expect(warning({ HOST: '10.0.0.5' })).toMatch(/PUBLIC_ORIGIN.*http:\/\/10\.0\.0\.5:8080/);
    expect([
      warning({}),
      warning({ HOST: 'localhost' }),
      warning({ HOST: '::1' }),
      warning({ HOST: '0.0.0.0', PUBLIC_ORIGIN: 'https://floordesk.app' }),
    ]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('names chains for people', () => {
    expect([31337, 1, 10].map(chainName)).toEqual(['FloorDesk Devnet', 'Ethereum Mainnet', 'Chain 10']);
  });

  it('reports BUILD_VERSION when set', () => {
    expect(loadConfig({ BUILD_VERSION: '2025.11.22-abc123' }).version).toBe('2025.11.22-abc123');
  });

  it('is documented in README: every variable has a row in its configuration table', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const documented = [...readme.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((row) => row[1]);
    expect(documented.toSorted()).toEqual([...CONFIG_VARIABLES].toSorted());
  });
});
