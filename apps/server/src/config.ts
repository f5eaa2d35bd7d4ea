import { readFileSync } from 'node:fs';
import { isIPv6 } from 'node:net';
import path from 'node:path';
import { Address, DEVNET_CHAIN_ID, MAINNET_CHAIN_ID, normalizeAddress } from '@floordesk/protocol';
import type { Hex } from 'viem';
import { z } from 'zod';
import { addressKind } from './net/ip-address';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** What one process runs: `npm start` runs them all in one, production each role as its own process. */
export const ROLES = ['api', 'indexer', 'worker'] as const;
export type Role = (typeof ROLES)[number];

const commaList = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(Address));

/** Fastify's trustProxy: `true` (trust every hop), or the proxies' addresses / CIDR ranges. */
const trustProxy = z.string().transform((value): boolean | string[] => {
  if (value === 'true' || value === 'false') return value === 'true';
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
});

const Env = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z
    .string()
    .refine((host) => URL.canParse(`http://${urlHost(host)}`), 'must be a host name or an IP address')
    .default('127.0.0.1'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  CHAIN_ID: z.coerce.number().int().positive().default(DEVNET_CHAIN_ID),
  RPC_URL: z.url().optional(),
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  IPFS_GATEWAY: z.url({ protocol: /^https?$/ }).default('https://ipfs.io/ipfs/'),
  PREMIUM_ADDRESSES: commaList.optional(),
  OPERATOR_ADDRESSES: commaList.optional(),
  SIGN_IN_ALLOWLIST: commaList.optional(),
  SUBSCRIPTION_CONTRACT: Address.optional(),
  QUOTE_SIGNER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
    .optional(),
  SUBSCRIPTION_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).optional(),
  MQTT_URL: z
    .url({ protocol: /^(mqtts?|wss?)$/, error: 'must be an mqtt://, mqtts://, ws:// or wss:// URL' })
    .optional(),
  MQTT_PUBLIC_URL: z.url({ protocol: /^wss?$/, error: 'must be a ws:// or wss:// URL' }).optional(),
  DISCORD_API_URL: z.url({ protocol: /^https?$/ }).default('https://discord.com/api'),
  DISCORD_BOT_TOKEN: z.string().optional(),
  DISCORD_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be the application public key: 64 hex characters')
    .optional(),
  DISCORD_INVITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  HOW_TO_USE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SOCIAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOOKSRARE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.looksrare.org'),
  LOOKSRARE_API_KEY: z.string().min(1).optional(),
  OPENSEA_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.opensea.io'),
  OPENSEA_API_KEY: z.string().min(1).optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  LISTING_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  ROLES: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(ROLES)).min(1))
    .default([...ROLES]),
  SIMULATOR: z.enum(['on', 'off']).default('on'),
  SIMULATOR_RATE: z.coerce.number().positive().max(6000).default(60),
  BLOCK_TIME: z.coerce.number().int().min(0).max(60).default(2),
  INDEXER_START_BLOCK: z.coerce.number().int().min(0).optional(),
  WEB_DIST: z.string().optional(),
  BUILD_VERSION: z.string().optional(),
});

/** Every variable FloorDesk reads; README's configuration table documents each (a test holds it to that). */
export const CONFIG_VARIABLES = Object.keys(Env.shape) as ReadonlyArray<keyof typeof Env.shape>;

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  chainId: number;
  chainName: string;
  rpcUrl: string | undefined;
  /**
   * Where people open FloorDesk: PUBLIC_ORIGIN, else the origin the server listens on (see listeningOrigin). Sign-in
   * notices name it as their domain and URI, and every absolute URL we issue starts with it.
   */
  origin: URL;
  /** Whether PUBLIC_ORIGIN set `origin`. */
  originConfigured: boolean;
  /** Where ipfs:// URIs are read: `${ipfsGateway}CID/path`. */
  ipfsGateway: URL;
  /** Marketplace APIs whose listings the worker reads into the order book: each needs its key (none on the devnet). */
  marketplaceApis: { looksRare?: { url: URL; key: string }; openSea?: { url: URL; key: string } };
  /** The operator's override: premium for good, whatever was paid; undefined when PREMIUM_ADDRESSES is unset. */
  premiumAddresses: ReadonlySet<string> | undefined;
  /** Who may post announcements (type 1000 notices); nobody when OPERATOR_ADDRESSES is unset. */
  operatorAddresses: ReadonlySet<string>;
  /** When set (SIGN_IN_ALLOWLIST), only these wallets may sign in; undefined: everyone may. */
  signInAllowlist: ReadonlySet<string> | undefined;
  /**
   * Subscriptions: the payment contract (SUBSCRIPTION_CONTRACT; on the devnet its own) and the key that signs its
   * quotes (QUOTE_SIGNER_KEY; on the devnet its public quote-signer account's). Without both, no subscriptions are
   * sold; payments the indexer sees are still credited.
   */
  subscriptions: { contract: Hex | undefined; quoteSignerKey: Hex | undefined; confirmations: number };
  /**
   * The live notifications' broker. Unset: the embedded one, on the API's port at /mqtt. Set: an external
   * Mosquitto with the dynamic-security plugin, reached at `url` with the administrator's credentials in it, which
   * browsers reach at `publicUrl`.
   */
  mqtt: { url: URL; publicUrl: URL } | undefined;
  /**
   * The chat bot that sends alert DMs (Discord's REST API at `apiUrl`, version 10) and answers `/my-id` through the
   * interactions endpoint, whose requests `publicKey` (hex Ed25519) verifies. Without a token there is no bot: on the
   * devnet FloorDesk then runs its own chat server (devnet.ts) and fills these in; elsewhere alerts are not sent.
   */
  chat: { apiUrl: string; botToken: string | undefined; publicKey: string | undefined; inviteUrl: string };
  /**
   * The account menu's outside links: HOW TO USE (HOW_TO_USE_URL, else the guide this server serves at /guide) and
   * the project's social page (SOCIAL_URL; hidden when unset). The chat link is the chat's invite.
   */
  links: { howToUse: string | undefined; social: string | undefined };
  authRateLimit: number;
  /** Listings a client may post per minute (`POST /api/orders/listings`); in-process connectors are not limited. */
  listingRateLimit: number;
  trustProxy: boolean | string[];
  logLevel: (typeof LOG_LEVELS)[number];
  roles: ReadonlySet<Role>;
  /** The trader bots; only ever on the devnet. */
  simulator: { enabled: boolean; ratePerMinute: number };
  /** Seconds between devnet blocks (0: one block per transaction). */
  blockTimeSeconds: number;
  indexerStartBlock: number | undefined;
  webDist: string;
  version: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(withoutEmptyValues(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(['Invalid configuration:', ...problems].join('\n'));
  }
  const vars = parsed.data;
  // `npm start` at the repository root runs this workspace with its own cwd; paths are meant from where npm ran.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: path.resolve(base, vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    chainId: vars.CHAIN_ID,
    chainName: chainName(vars.CHAIN_ID),
    rpcUrl: vars.RPC_URL,
    // Scheme, host and port only: a path in PUBLIC_ORIGIN names no other site.
    origin: new URL(new URL(vars.PUBLIC_ORIGIN ?? listeningOrigin(vars.HOST, vars.PORT)).origin),
    originConfigured: vars.PUBLIC_ORIGIN !== undefined,
    // A gateway given without its trailing slash still means the folder: CIDs go under it.
    ipfsGateway: new URL(vars.IPFS_GATEWAY.endsWith('/') ? vars.IPFS_GATEWAY : `${vars.IPFS_GATEWAY}/`),
    marketplaceApis: {
      ...(vars.LOOKSRARE_API_KEY && {
        looksRare: { url: new URL(vars.LOOKSRARE_API_URL), key: vars.LOOKSRARE_API_KEY },
      }),
      ...(vars.OPENSEA_API_KEY && { openSea: { url: new URL(vars.OPENSEA_API_URL), key: vars.OPENSEA_API_KEY } }),
    },
    premiumAddresses: vars.PREMIUM_ADDRESSES && new Set(vars.PREMIUM_ADDRESSES.map(normalizeAddress)),
    operatorAddresses: new Set((vars.OPERATOR_ADDRESSES ?? []).map(normalizeAddress)),
    signInAllowlist: vars.SIGN_IN_ALLOWLIST && new Set(vars.SIGN_IN_ALLOWLIST.map(normalizeAddress)),
    subscriptions: {
      contract:
        vars.SUBSCRIPTION_CONTRACT === undefined ? undefined : (normalizeAddress(vars.SUBSCRIPTION_CONTRACT) as Hex),
      quoteSignerKey: vars.QUOTE_SIGNER_KEY as Hex | undefined,
      // Ethereum's reorgs are rarely deeper than a couple of blocks; 12 (~2.4 min) is the usual margin for payments.
      confirmations: vars.SUBSCRIPTION_CONFIRMATIONS ?? (vars.RPC_URL === undefined ? 2 : 12),
    },
    mqtt: mqttConfig(vars.MQTT_URL, vars.MQTT_PUBLIC_URL),
    chat: {
      apiUrl: vars.DISCORD_API_URL,
      botToken: vars.DISCORD_BOT_TOKEN,
      publicKey: vars.DISCORD_PUBLIC_KEY?.toLowerCase(),
      inviteUrl: vars.DISCORD_INVITE_URL ?? '',
    },
    links: { howToUse: vars.HOW_TO_USE_URL, social: vars.SOCIAL_URL },
    authRateLimit: vars.AUTH_RATE_LIMIT,
    listingRateLimit: vars.LISTING_RATE_LIMIT,
    trustProxy: vars.TRUST_PROXY,
    logLevel: vars.LOG_LEVEL,
    roles: new Set(vars.ROLES),
    simulator: { enabled: vars.SIMULATOR === 'on' && vars.RPC_URL === undefined, ratePerMinute: vars.SIMULATOR_RATE },
    blockTimeSeconds: vars.BLOCK_TIME,
    indexerStartBlock: vars.INDEXER_START_BLOCK,
    webDist: vars.WEB_DIST === undefined ? defaultWebDist() : path.resolve(base, vars.WEB_DIST),
    version: vars.BUILD_VERSION ?? packageVersion(),
  };
}

/** An external broker needs both its address and the one browsers use; MQTT_PUBLIC_URL alone means nothing. */
function mqttConfig(url: string | undefined, publicUrl: string | undefined): Config['mqtt'] {
  if (url === undefined && publicUrl === undefined) return undefined;
  if (url === undefined || publicUrl === undefined) {
    throw new ConfigError('Invalid configuration:\n  MQTT_URL and MQTT_PUBLIC_URL: set both, or neither');
  }
  return { url: new URL(url), publicUrl: new URL(publicUrl) };
}

/**
 * The origin the server listens on. A wildcard HOST is no address a browser can open: it stands for this machine's
 * IPv4 loopback, which a wildcard listener serves (Node listens on `::` for IPv4 too), so sign-in keeps working there.
 */
function listeningOrigin(host: string, port: number): string {
  return `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : urlHost(host)}:${port}`;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || addressKind(host) === 'loopback';
}

/** IPv6 addresses are bracketed in URLs. */
function urlHost(host: string): string {
  return isIPv6(host) ? `[${host}]` : host;
}

/**
 * The line to log at start when the server listens beyond loopback without PUBLIC_ORIGIN: sign-in then names the
 * listening origin, which people on other machines may not open FloorDesk at.
 */
export function originWarning({ host, origin, originConfigured }: Config): string | undefined {
  if (originConfigured || isLoopback(host)) return undefined;
  return (
    `HOST=${host} accepts other machines, but without PUBLIC_ORIGIN sign-in works only at ${origin.origin}: ` +
    'set PUBLIC_ORIGIN to the address people open FloorDesk at'
  );
}

export function chainName(chainId: number): string {
  if (chainId === DEVNET_CHAIN_ID) return 'FloorDesk Devnet';
  if (chainId === MAINNET_CHAIN_ID) return 'Ethereum Mainnet';
  return `Chain ${chainId}`;
}

/** `FOO=` in a shell or .env file means "not set", not "set to nothing". */
function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function defaultWebDist(): string {
  return path.join(repoRoot, 'apps/web/dist');
}

function packageVersion(): string {
  const manifest = z
    .object({ version: z.string().default('0.0.0') })
    .parse(JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')));
  return manifest.version;
}
