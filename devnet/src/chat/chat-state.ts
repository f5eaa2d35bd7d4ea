import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type ChatPerson, isSnowflake, snowflake, type StoredMessage } from './discord-objects';

/** The messages kept per DM channel, newest last; a devnet page shows the latest ones. */
const MESSAGES_KEPT = 200;

const StoredState = z.object({
  people: z.array(
    z.object({
      id: z.string(),
      username: z.string(),
      dms_open: z.boolean(),
      channel_id: z.string().optional(),
    }),
  ),
  messages: z.array(
    z.object({
      id: z.string(),
      channel_id: z.string(),
      content: z.string(),
      nonce: z.union([z.string(), z.number()]).optional(),
      created_at: z.number(),
    }),
  ),
});
type StoredState = z.infer<typeof StoredState>;

type Person = ChatPerson & { channel_id?: string };

/**
 * The people of the devnet's chat service, their DM channels with the bot and the bot's messages. Kept in a file
 * when one is given: FloorDesk's database keeps the chat ids people linked (and the DM channels it opened) across
 * restarts, so the people and channels behind them must survive a restart too, or every alert after one would fail
 * as sent to an unknown user.
 */
export class ChatState {
  readonly #people = new Map<string, Person>();
  /** DM channel id → the person it is with. */
  readonly #channels = new Map<string, Person>();
  /** DM channel id → its messages, oldest first. */
  readonly #messages = new Map<string, StoredMessage[]>();

  constructor(private readonly file: string | undefined) {
    if (file === undefined) return;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    // A damaged file, or one of another shape, starts the service afresh rather than stopping the devnet.
    const parsed = StoredState.safeParse(parseJson(text));
    if (!parsed.success) return;
    for (const person of parsed.data.people) this.#add({ ...person });
    for (const message of parsed.data.messages) this.#messagesOf(message.channel_id).push(message);
  }

  /** A new person with a fresh id, or the one with `id` (made with that id when it is not known yet). */
  createPerson(id?: string): ChatPerson {
    if (id !== undefined && !isSnowflake(id)) throw new Error(`not a chat user id: ${id}`);
    const known = id === undefined ? undefined : this.#people.get(id);
    if (known) return publicPerson(known);
    const newId = id ?? snowflake();
    const person: Person = { id: newId, username: `trader_${newId.slice(-4)}`, dms_open: true };
    this.#add(person);
    this.#save();
    return publicPerson(person);
  }

  person(id: string): ChatPerson | undefined {
    const person = this.#people.get(id);
    return person && publicPerson(person);
  }

  setDmsOpen(id: string, open: boolean): ChatPerson | undefined {
    const person = this.#people.get(id);
    if (!person) return undefined;
    person.dms_open = open;
    this.#save();
    return publicPerson(person);
  }

  /** The DM channel with a person: the same one every time, as Discord's. */
  dmChannel(id: string): string | undefined {
    const person = this.#people.get(id);
    if (!person) return undefined;
    if (person.channel_id === undefined) {
      person.channel_id = snowflake();
      this.#channels.set(person.channel_id, person);
      this.#save();
    }
    return person.channel_id;
  }

  recipient(channelId: string): ChatPerson | undefined {
    const person = this.#channels.get(channelId);
    return person && publicPerson(person);
  }

  /** The message posted in `channelId` with this nonce since `since` (unix ms), newest first. */
  messageWithNonce(channelId: string, nonce: string | number, since: number): StoredMessage | undefined {
    const messages = this.#messages.get(channelId) ?? [];
    return messages.findLast((message) => message.nonce === nonce && message.created_at >= since);
  }

  addMessage(message: StoredMessage): void {
    const messages = this.#messagesOf(message.channel_id);
    messages.push(message);
    if (messages.length > MESSAGES_KEPT) messages.splice(0, messages.length - MESSAGES_KEPT);
    this.#save();
  }

  lastMessageId(channelId: string): string | null {
    return this.#messages.get(channelId)?.at(-1)?.id ?? null;
  }

  /** A person's messages from the bot, newest first; undefined for nobody. */
  messagesOf(id: string): StoredMessage[] | undefined {
    const person = this.#people.get(id);
    if (!person) return undefined;
    if (person.channel_id === undefined) return [];
    return (this.#messages.get(person.channel_id) ?? []).toReversed();
  }

  #add(person: Person): void {
    this.#people.set(person.id, person);
    if (person.channel_id !== undefined) this.#channels.set(person.channel_id, person);
  }

  #messagesOf(channelId: string): StoredMessage[] {
    let messages = this.#messages.get(channelId);
    if (!messages) {
      messages = [];
      this.#messages.set(channelId, messages);
    }
    return messages;
  }

  /** Written whole and renamed into place, so a crash mid-write leaves the previous state. */
  #save(): void {
    if (this.file === undefined) return;
    const state: StoredState = {
      people: [...this.#people.values()],
      messages: [...this.#messages.values()].flat(),
    };
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(`${this.file}.tmp`, JSON.stringify(state));
    renameSync(`${this.file}.tmp`, this.file);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function publicPerson({ id, username, dms_open }: Person): ChatPerson {
  return { id, username, dms_open };
}
