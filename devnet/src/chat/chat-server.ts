import { createPublicKey, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DevnetChatMessage, DevnetChatUser } from '@floordesk/protocol';
import { ChatState } from './chat-state';
import {
  type ChatPerson,
  dmChannelObject,
  type DiscordError,
  ERRORS,
  invalidFormBody,
  isSnowflake,
  messageObject,
  snowflake,
  type StoredMessage,
} from './discord-objects';
import { commandInteraction, deliverInteraction, ephemeralReply } from './interactions';

/** The calls of Discord's REST API the devnet's chat server speaks: what a bot sending DMs needs. */
export type ChatRoute = 'create_dm' | 'create_message';

/**
 * A failure the next matching REST call is answered with, for tests of a client's retries. `retryAfter` is in
 * seconds, as Discord's. `applied` makes the call take effect before the error is answered, as when Discord fails
 * (or the connection drops) after writing: the case a client's retry must not turn into a duplicate. `route`
 * limits the fault to one call; without it the next call of any route takes it.
 */
export type ChatFault = (
  | { status: 429; retryAfter: number; global?: boolean }
  /** `delayMs`: the answer comes that much later, as from an overloaded service (a crash test kills the bot meanwhile). */
  | { status: 500 | 502 | 503 | 504; applied?: boolean; delayMs?: number }
) & { route?: ChatRoute };

/** A REST call the server received, for tests that count retries or measure the client's pace. */
export type ChatRequestRecord = {
  at: number;
  method: string;
  path: string;
  route: ChatRoute | undefined;
  status: number;
};

export type DevnetChatServerOptions = {
  /** 0 (the default) takes a free port. */
  port?: number;
  host?: string;
  /** The app's interactions endpoint, where commands are delivered (a function when it is known only later). */
  interactionsUrl: string | (() => string);
  /** The token the bot must send as `Authorization: Bot <token>`; a fresh one by default. */
  botToken?: string;
  /** The application's id, also the bot user's id (as for Discord apps made since 2021). */
  applicationId?: string;
  /** The Ed25519 key interactions are signed with; a fresh one by default. */
  signingKey?: KeyObject;
  /** Where people join the chat community (the devnet chat page). */
  inviteUrl?: string;
  /** A file keeping the people, DM channels and messages across restarts; in memory only without one. */
  statePath?: string;
};

export type DevnetChatServer = {
  /** The REST API's base, without the version: what @discordjs/rest takes as its `api` option. */
  apiUrl: string;
  botToken: string;
  applicationId: string;
  /** The raw Ed25519 public key interactions verify with, 64 hex characters (Discord's "public key"). */
  publicKeyHex: string;
  inviteUrl: string | undefined;
  /** A new person (fresh id), or the one with `id`, made with that id if unknown (an id kept from an earlier run). */
  createUser(id?: string): DevnetChatUser;
  user(id: string): DevnetChatUser | undefined;
  setDmsOpen(id: string, open: boolean): DevnetChatUser | undefined;
  /** The bot's DMs to a person, newest first; undefined for an unknown id. */
  messages(id: string): DevnetChatMessage[] | undefined;
  /**
   * Runs a slash command as a person: posts a signed interaction to the app and returns the text of its ephemeral
   * reply. Throws for an unknown person, or when the app's answer is not an ephemeral message.
   */
  runCommand(userId: string, command: string, locale?: string): Promise<string>;
  /** The slash commands the bot declared (Bulk Overwrite Global Application Commands), as Discord keeps them. */
  commands(): readonly { name: string; id: string }[];
  /** Answers the next matching REST calls with these failures, in order (in-process only, never over HTTP). */
  queueFaults(...faults: ChatFault[]): void;
  /** The REST calls received so far, oldest first. */
  requests(): readonly ChatRequestRecord[];
  stop(): Promise<void>;
};

/** Discord answers a repeated `enforce_nonce` within "the past few minutes" with the first message. */
const NONCE_WINDOW_MS = 5 * 60_000;
const NONCE_MAX_LENGTH = 25;
const CONTENT_MAX_LENGTH = 2000;
const BODY_LIMIT_BYTES = 1024 * 1024;
const DEFAULT_APPLICATION_ID = '1180000000000000000';
const BOT_NAME = 'FloorDesk';

/**
 * Per-route limits, reported in Discord's rate-limit headers and enforced with a 429 as Discord does. Discord does
 * not publish its figures (they change); these are the long-known message limit per channel, and a DM opening limit
 * high enough that the client's global 50 requests/s is what paces a burst of them.
 */
const BUCKETS: Record<ChatRoute, { hash: string; limit: number; windowMs: number }> = {
  create_dm: { hash: '9f3c1d7e5a2b4c6d8e0f1a2b3c4d5e6f', limit: 100, windowMs: 1_000 },
  create_message: { hash: '80c17d2f203122d936070c88c8d10f33', limit: 5, windowMs: 5_000 },
};

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * The devnet's chat service: a local HTTP server speaking the calls of Discord's API v10 that FloorDesk's bot makes
 * (open a DM channel, post a message), with Discord's objects, error codes and rate-limit headers; and the people
 * of its community, who run the bot's slash commands, delivered to the app as Ed25519-signed interactions.
 */
export async function startDevnetChatServer(options: DevnetChatServerOptions): Promise<DevnetChatServer> {
  const host = options.host ?? '127.0.0.1';
  const botToken = options.botToken ?? `devnet.${randomBytes(24).toString('base64url')}`;
  const applicationId = options.applicationId ?? DEFAULT_APPLICATION_ID;
  const bot = { id: applicationId, username: BOT_NAME };
  // A fresh key per start is enough: the app reads this server's public key when it starts it (devnet.ts).
  const signingKey = options.signingKey ?? generateKeyPairSync('ed25519').privateKey;
  const interactionsUrl = options.interactionsUrl;
  const url = typeof interactionsUrl === 'string' ? () => interactionsUrl : interactionsUrl;
  const state = new ChatState(options.statePath);
  const faults: ChatFault[] = [];
  const requests: ChatRequestRecord[] = [];
  const windows = new Map<string, { count: number; resetAt: number }>();
  const commandIds = new Map<string, string>();
  let registered: { name: string; id: string }[] = [];

  function takeFault(route: ChatRoute): ChatFault | undefined {
    const index = faults.findIndex((fault) => fault.route === undefined || fault.route === route);
    return index === -1 ? undefined : faults.splice(index, 1)[0];
  }

  /** Counts a call against its bucket; the headers to send, and whether the bucket was already used up. */
  function takeBucket(route: ChatRoute, major: string, now: number) {
    const rule = BUCKETS[route];
    const key = `${route}:${major}`;
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + rule.windowMs };
      windows.set(key, window);
    }
    const exceeded = window.count >= rule.limit;
    if (!exceeded) window.count++;
    const resetAfter = (window.resetAt - now) / 1000;
    return {
      exceeded,
      resetAfter,
      headers: rateLimitHeaders(rule.hash, rule.limit, rule.limit - window.count, window.resetAt, resetAfter),
    };
  }

  function createDm(body: Record<string, unknown>): Answer | DiscordError {
    const recipient = typeof body.recipient_id === 'number' ? String(body.recipient_id) : body.recipient_id;
    if (recipient === undefined || recipient === null) {
      return invalidFormBody('recipient_id', 'BASE_TYPE_REQUIRED', 'This field is required');
    }
    if (!isSnowflake(recipient)) {
      return invalidFormBody('recipient_id', 'NUMBER_TYPE_COERCE', `Value "${String(recipient)}" is not snowflake.`);
    }
    const person = state.person(recipient);
    const channelId = state.dmChannel(recipient);
    if (!person || channelId === undefined) return ERRORS.invalidRecipient;
    return { status: 200, body: dmChannelObject(channelId, person, state.lastMessageId(channelId)) };
  }

  function createMessage(channelId: string, body: Record<string, unknown>, now: number): Answer | DiscordError {
    if (!isSnowflake(channelId)) {
      return invalidFormBody('channel_id', 'NUMBER_TYPE_COERCE', `Value "${channelId}" is not snowflake.`);
    }
    const recipient = state.recipient(channelId);
    if (!recipient) return ERRORS.unknownChannel;
    const { content } = body;
    if (content !== undefined && typeof content !== 'string') {
      return invalidFormBody('content', 'BASE_TYPE_STRING', 'Must be a string.');
    }
    if (content === undefined || content === '') return ERRORS.emptyMessage;
    if (content.length > CONTENT_MAX_LENGTH) {
      return invalidFormBody('content', 'BASE_TYPE_MAX_LENGTH', `Must be ${CONTENT_MAX_LENGTH} or fewer in length.`);
    }
    const nonce = body.nonce === undefined ? undefined : validNonce(body.nonce) ? body.nonce : null;
    if (nonce === null) {
      return invalidFormBody('nonce', 'BASE_TYPE_BAD_LENGTH', `Must be between 1 and ${NONCE_MAX_LENGTH} in length.`);
    }
    if (body.enforce_nonce === true && nonce !== undefined) {
      const sent = state.messageWithNonce(channelId, nonce, now - NONCE_WINDOW_MS);
      if (sent) return { status: 200, body: messageObject(sent, bot) };
    }
    if (!recipient.dms_open) return ERRORS.cannotMessageUser;
    const message: StoredMessage = {
      id: snowflake(now),
      channel_id: channelId,
      content,
      ...(nonce !== undefined && { nonce }),
      created_at: now,
    };
    state.addMessage(message);
    return { status: 200, body: messageObject(message, bot) };
  }

  async function answer(request: IncomingMessage): Promise<{ route: ChatRoute | undefined } & Answer> {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://chat').pathname;
    const raw = await readBody(request);
    const application = applicationCall(method, path, raw, request.headers.authorization);
    if (application) return { route: undefined, ...application };
    const channelMatch = /^\/api\/v10\/channels\/([^/]+)\/messages$/.exec(path);
    const route: ChatRoute | undefined =
      path === '/api/v10/users/@me/channels' ? 'create_dm' : channelMatch ? 'create_message' : undefined;
    if (route === undefined) return { route, ...ERRORS.notFound };
    if (method !== 'POST') return { route, ...ERRORS.methodNotAllowed };
    if (request.headers.authorization !== `Bot ${botToken}`) return { route, ...ERRORS.unauthorized };

    const now = Date.now();
    const fault = takeFault(route);
    if (fault?.status === 429) return { route, ...rateLimited(fault, BUCKETS[route], now) };
    if (fault && !fault.applied) return { route, ...serverError(fault.status) };

    const major = channelMatch?.[1] ?? '';
    const bucket = takeBucket(route, major, now);
    if (bucket.exceeded) {
      const limited = rateLimitedBody(bucket.resetAfter, false);
      return { route, ...limited, headers: { ...bucket.headers, ...limited.headers, 'X-RateLimit-Scope': 'user' } };
    }
    const body = parseJsonObject(raw);
    const result =
      body === undefined
        ? ERRORS.invalidJson
        : route === 'create_dm'
          ? createDm(body)
          : createMessage(major, body, now);
    if (fault) {
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      return { route, ...serverError(fault.status) };
    }
    return { route, ...result, headers: { ...bucket.headers, ...('headers' in result ? result.headers : {}) } };
  }

  /**
   * Get Current Application and Bulk Overwrite Global Application Commands: how a bot declares its slash commands
   * (`/my-id`). Not rate-limited or faulted here: a bot makes them once at start.
   */
  function applicationCall(method: string, path: string, raw: string, authorization: string | undefined) {
    const commandsMatch = /^\/api\/v10\/applications\/([^/]+)\/commands$/.exec(path);
    if (path !== '/api/v10/applications/@me' && !commandsMatch) return undefined;
    if (authorization !== `Bot ${botToken}`) return ERRORS.unauthorized;
    if (!commandsMatch) {
      return method === 'GET'
        ? { status: 200, body: { id: applicationId, name: BOT_NAME, bot_public: false } }
        : ERRORS.methodNotAllowed;
    }
    if (commandsMatch[1] !== applicationId) return ERRORS.notFound;
    if (method !== 'PUT') return ERRORS.methodNotAllowed;
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return ERRORS.invalidJson;
    }
    if (!Array.isArray(body) || !body.every((command) => typeof command?.name === 'string')) {
      return invalidFormBody('0.name', 'BASE_TYPE_REQUIRED', 'This field is required');
    }
    registered = body.map((command: { name: string }) => {
      let id = commandIds.get(command.name);
      if (id === undefined) {
        id = snowflake();
        commandIds.set(command.name, id);
      }
      return { ...command, id, application_id: applicationId, version: snowflake() };
    });
    return { status: 200, body: registered };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const at = Date.now();
    let result: { route: ChatRoute | undefined } & Answer;
    try {
      result = await answer(request);
    } catch {
      result = { route: undefined, ...ERRORS.internal };
    }
    requests.push({
      at,
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      route: result.route,
      status: result.status,
    });
    response.writeHead(result.status, { 'Content-Type': 'application/json', ...result.headers });
    response.end(JSON.stringify(result.body));
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    apiUrl: `http://${urlHost}:${port}/api`,
    botToken,
    applicationId,
    publicKeyHex: rawPublicKeyHex(signingKey),
    inviteUrl: options.inviteUrl,
    createUser: (id) => state.createPerson(id),
    user: (id) => state.person(id),
    setDmsOpen: (id, open) => state.setDmsOpen(id, open),
    messages: (id) =>
      state
        .messagesOf(id)
        ?.map((message) => ({ id: message.id, content: message.content, created_at: message.created_at })),
    async runCommand(userId, command, locale = 'en-US') {
      const person: ChatPerson | undefined = state.person(userId);
      if (!person) throw new Error(`no chat user has the id ${userId}`);
      let commandId = commandIds.get(command);
      if (commandId === undefined) {
        commandId = snowflake();
        commandIds.set(command, commandId);
      }
      const interaction = commandInteraction(applicationId, commandId, person, command, locale);
      return ephemeralReply(await deliverInteraction({ url, applicationId, signingKey }, interaction));
    },
    commands: () => registered,
    queueFaults: (...queued) => {
      faults.push(...queued);
    },
    requests: () => [...requests],
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function rateLimitHeaders(hash: string, limit: number, remaining: number, resetAt: number, resetAfter: number) {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, remaining)),
    'X-RateLimit-Reset': (resetAt / 1000).toFixed(3),
    'X-RateLimit-Reset-After': resetAfter.toFixed(3),
    'X-RateLimit-Bucket': hash,
  };
}

/** Discord's 429: the body's `retry_after` in seconds (fractional), the `Retry-After` header in whole seconds. */
function rateLimitedBody(retryAfter: number, global: boolean): Answer & { headers: Record<string, string> } {
  return {
    status: 429,
    body: { message: 'You are being rate limited.', retry_after: Number(retryAfter.toFixed(3)), global },
    headers: { 'Retry-After': String(Math.ceil(retryAfter)) },
  };
}

function rateLimited(
  fault: { retryAfter: number; global?: boolean },
  rule: { hash: string; limit: number },
  now: number,
): Answer {
  const limited = rateLimitedBody(fault.retryAfter, fault.global === true);
  if (fault.global) {
    return { ...limited, headers: { ...limited.headers, 'X-RateLimit-Global': 'true', 'X-RateLimit-Scope': 'global' } };
  }
  const resetAt = now + fault.retryAfter * 1000;
  return {
    ...limited,
    headers: {
      ...rateLimitHeaders(rule.hash, rule.limit, 0, resetAt, fault.retryAfter),
      ...limited.headers,
      'X-RateLimit-Scope': 'user',
    },
  };
}

const SERVER_ERRORS: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function serverError(status: number): Answer {
  return { status, body: { message: `${status}: ${SERVER_ERRORS[status] ?? 'Server Error'}`, code: 0 } };
}

function validNonce(nonce: unknown): nonce is string | number {
  if (typeof nonce === 'number') return Number.isSafeInteger(nonce);
  return typeof nonce === 'string' && nonce.length > 0 && nonce.length <= NONCE_MAX_LENGTH;
}

function parseJsonObject(raw: string): Record<string, unknown> | undefined {
  if (raw === '') return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT_BYTES) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The 32 raw bytes of an Ed25519 public key, in hex: its JWK's `x`, decoded. */
function rawPublicKeyHex(privateKey: KeyObject): string {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('not an Ed25519 key');
  return Buffer.from(jwk.x, 'base64url').toString('hex');
}
