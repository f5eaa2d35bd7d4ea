import type { KeyObject } from 'node:crypto';
import { boundedInt, type Lang, MY_ID_COMMAND, parseLang } from '@floordesk/protocol';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ed25519PublicKey, isSignedInteraction } from './verify';

export const INTERACTIONS_PATH = '/api/discord/interactions';

/** Discord's interaction and response types, and the flag that shows a reply to its caller only. */
const PING = 1;
const APPLICATION_COMMAND = 2;
const PONG = 1;
const CHANNEL_MESSAGE_WITH_SOURCE = 4;
const EPHEMERAL = 1 << 6;

const DiscordUser = z.looseObject({ id: z.string().max(32), username: z.string().max(100).optional() });

/** The fields of an interaction FloorDesk reads; Discord sends many more. */
const Interaction = z.looseObject({
  /** Discord's interaction types are small codes (1 ping … 5 modal submit); a byte leaves room for new ones. */
  type: boundedInt(1, 255),
  data: z.looseObject({ name: z.string().max(100) }).optional(),
  /** The caller, when the command ran in a server. */
  member: z.looseObject({ user: DiscordUser }).optional(),
  /** The caller, when the command ran in a DM with the bot. */
  user: DiscordUser.optional(),
  /** The caller's client language, e.g. en-US, zh-CN. */
  locale: z.string().max(20).optional(),
});

const InteractionResponse = z.union([
  z.object({ type: z.literal(PONG) }),
  z.object({
    type: z.literal(CHANNEL_MESSAGE_WITH_SOURCE),
    data: z.object({ content: z.string(), flags: z.number().int() }),
  }),
]);
type InteractionResponse = z.infer<typeof InteractionResponse>;

const RESPONSES: Record<number, z.ZodType> = { 200: InteractionResponse };

const SignatureHeaders = z.looseObject({
  'x-signature-ed25519': z.string().describe('Ed25519 signature (hex) of the timestamp followed by the raw body'),
  'x-signature-timestamp': z.string().describe('Unix seconds'),
});

const REPLIES = {
  myId: {
    en: (id: string) => `Your chat user ID: ${id} — paste it into FloorDesk's chat-bot settings.`,
    zh: (id: string) => `你的聊天用户 ID：${id} —— 请将它粘贴到 FloorDesk 的聊天机器人设置中。`,
  },
  unknownCommand: { en: 'Unknown command.', zh: '未知命令。' },
} as const;

export type InteractionRoutesOptions = {
  /** The application's public key (hex); undefined: no request can be verified, and every one is answered 401. */
  publicKey: string | undefined;
  now: () => Date;
  /** Requests per minute and client address that fail verification (verified ones come from Discord). */
  rateLimit: number;
};

/**
 * Discord's HTTP interactions endpoint: Discord posts the bot's slash commands here (and a PING when the URL is
 * saved in its developer portal), signed with the application's key. Discord's protocol, not the API's envelope:
 * the answer is an interaction response, a refusal a bare 401.
 *
 * Verification needs the body exactly as it arrived, so this plugin keeps its own parser (encapsulated: the API's
 * JSON parser stays everywhere else) that hands the raw text on, and the body is parsed only once verified.
 * Interactions come from Discord's few addresses, so only requests that fail verification count against the
 * per-address limit: a flood of forgeries is cut off, a busy community's commands are not.
 */
export const discordInteractionRoutes: FastifyPluginAsync<InteractionRoutesOptions> = async (
  app,
  { publicKey, now, rateLimit },
) => {
  const key = publicKey === undefined ? undefined : ed25519PublicKey(publicKey);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const verified = new WeakMap<FastifyRequest, boolean>();
  const isVerified = (request: FastifyRequest): boolean => {
    let known = verified.get(request);
    if (known === undefined) {
      known = key !== undefined && verifyRequest(key, request, now().getTime());
      verified.set(request, known);
    }
    return known;
  };

  app.route({
    method: 'POST',
    url: INTERACTIONS_PATH,
    schema: {
      summary: "Discord's HTTP interactions endpoint: the bot's /my-id, answered ephemerally with the caller's id",
      description:
        'Called by Discord, not by clients: the body is an interaction, signed with the application key ' +
        '(Ed25519 over X-Signature-Timestamp + body). Unsigned, forged, altered or stale (over 5 minutes) requests ' +
        'are answered 401 "invalid request signature", as is every request when no public key is configured.',
      tags: ['alerts'],
      headers: SignatureHeaders,
      body: Interaction,
      // Only the 200 has a schema: the refusals are bare text, as Discord's own examples answer them.
      response: RESPONSES,
    },
    // The schemas above document the call; the signature decides. A forged call is a 401 whatever its shape, and
    // the body arrives as raw text, so validation results are attached and ignored: the handler parses once verified.
    attachValidation: true,
    config: {
      rateLimit: { max: rateLimit, timeWindow: '1 minute', hook: 'preHandler', allowList: isVerified },
    },
    handler: async (request, reply) => {
      if (!isVerified(request)) return reply.code(401).type('text/plain').send('invalid request signature');
      const interaction = Interaction.safeParse(parseJson(rawBody(request)));
      if (!interaction.success) return reply.code(400).type('text/plain').send('not an interaction');
      const answer = respond(interaction.data);
      if (!answer) return reply.code(400).type('text/plain').send('unsupported interaction type');
      return reply.code(200).send(answer);
    },
  });
};

function verifyRequest(key: KeyObject, request: FastifyRequest, nowMs: number): boolean {
  return isSignedInteraction(
    key,
    request.headers['x-signature-ed25519'],
    request.headers['x-signature-timestamp'],
    rawBody(request),
    nowMs,
  );
}

/** The body as received: the plugin's parser keeps it as text; a request without one has none. */
function rawBody(request: FastifyRequest): string {
  return typeof request.body === 'string' ? request.body : '';
}

function respond(interaction: z.infer<typeof Interaction>): InteractionResponse | undefined {
  if (interaction.type === PING) return { type: PONG };
  if (interaction.type !== APPLICATION_COMMAND) return undefined;
  const lang: Lang = parseLang(interaction.locale);
  const caller = interaction.member?.user ?? interaction.user;
  const content =
    interaction.data?.name === MY_ID_COMMAND && caller ? REPLIES.myId[lang](caller.id) : REPLIES.unknownCommand[lang];
  return { type: CHANNEL_MESSAGE_WITH_SOURCE, data: { content, flags: EPHEMERAL } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
