import { loadAlertTexts } from '../../../lib/alert-texts';
import type { DevnetChatMessage, DevnetChatUser } from '@floordesk/protocol';
import { DiscordMarkup } from './discord-markup';
import { Bot, Check, Copy, Hash, LoaderCircle, Terminal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/ui/page-frame';
import { Switch } from '../../../components/ui/switch';
import { useAppConfig } from '../../../lib/api/app-config';
import { formatDate } from '../../../lib/dates';
import { useChatMessages, useChatPerson, useDmsSwitch, useMyIdCommand } from '../api';
import { Loading, LoadFailed } from '../../../components/ui/load-state';

loadAlertTexts();

/**
 * /devnet-chat: a tiny chat client for the devnet's stand-in of the chat service. The visitor is a person there
 * (kept in this browser), runs the bot's `/my-id` to learn the id the Alert dialog asks for, and reads the DMs their
 * alerts send. Off the devnet there is no such server, and the page says so.
 */
export default function DevnetChatPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const devnet = config.data?.devnet_wallet === true;
  return (
    <PageFrame title={t('route.devnetChat.title')} description={t('route.devnetChat.description')}>
      {config.isPending ? (
        <Loading className="mt-6" />
      ) : devnet ? (
        <DevnetChat />
      ) : (
        <p className="mt-6 text-muted" data-testid="devnet-chat-unavailable">
          {t('devnet_chat.unavailable')}
        </p>
      )}
    </PageFrame>
  );
}

function DevnetChat() {
  const { t } = useTranslation();
  const joined = useChatPerson(true);
  const messages = useChatMessages(joined.data?.id);
  if (joined.isError) {
    return (
      <LoadFailed
        inline
        className="mt-6"
        message={t('devnet_chat.error')}
        retry={t('devnet_chat.retry')}
        onRetry={() => void joined.refetch()}
      />
    );
  }
  if (joined.isPending) return <Loading className="mt-6" text={t('devnet_chat.joining')} />;
  // The polled answer carries the person too, fresher than when they joined (their DMs switched elsewhere).
  const person = messages.data?.user ?? joined.data;
  return (
    <div className="mt-4 grid max-w-5xl gap-4 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <div className="flex min-w-0 flex-col gap-4">
        <Identity person={person} />
        <Channel userId={person.id} />
      </div>
      <DirectMessages list={messages.data?.list} failed={messages.isError && !messages.data} />
    </div>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const shown =
    state === 'copied' ? t('devnet_chat.copied') : state === 'failed' ? t('devnet_chat.copy_failed') : label;
  return (
    <button
      type="button"
      className="button-secondary h-7 gap-1.5 px-2 text-[12px]"
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => setState('copied'),
          () => setState('failed'),
        )
      }
    >
      {state === 'copied' ? <Check size={12} aria-hidden /> : <Copy size={12} aria-hidden />}
      <span aria-live="polite">{shown}</span>
    </button>
  );
}

/** Who the visitor is on the chat server, and whether the bot may DM them. */
function Identity({ person }: { person: DevnetChatUser }) {
  const { t } = useTranslation();
  const dms = useDmsSwitch();
  return (
    <section className="rounded-md border border-line bg-panel p-3" aria-labelledby="devnet-chat-you">
      <h2 id="devnet-chat-you" className="text-[11px] font-semibold tracking-wide text-faint uppercase">
        {t('devnet_chat.you')}
      </h2>
      <p className="mt-1 flex items-center gap-2">
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent/15 font-semibold text-accent uppercase">
          {person.username.slice(0, 1)}
        </span>
        <span className="min-w-0 leading-tight">
          <span className="block truncate font-semibold text-fg" data-testid="devnet-chat-username">
            {person.username}
          </span>
          <span className="block truncate font-mono text-[11px] text-muted" data-testid="devnet-chat-user-id">
            {t('devnet_chat.user_id')}: {person.id}
          </span>
        </span>
      </p>
      <div className="mt-3 border-t border-line pt-3">
        <Switch
          checked={person.dms_open}
          disabled={dms.isPending}
          onChange={(open) => dms.mutate({ userId: person.id, open })}
          label={t('devnet_chat.dms')}
        />
        <p className="mt-1 text-[11px] leading-snug text-faint">{t('devnet_chat.dms_hint')}</p>
      </div>
    </section>
  );
}

/** The bot-alert channel: the `/my-id` command and the bot's answer, which only the visitor sees. */
function Channel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const myId = useMyIdCommand();
  return (
    <section className="rounded-md border border-line bg-panel p-3" aria-labelledby="devnet-chat-channel">
      <h2 id="devnet-chat-channel" className="flex items-center gap-1 font-semibold text-fg">
        <Hash size={14} className="text-faint" aria-hidden />
        {t('devnet_chat.channel')}
      </h2>
      <p className="mt-0.5 text-[11px] text-faint">{t('devnet_chat.channel_hint')}</p>
      <button
        type="button"
        className="button-primary mt-3 gap-1.5 font-mono"
        aria-label={t('devnet_chat.run')}
        disabled={myId.isPending}
        onClick={() => myId.mutate(userId)}
      >
        {myId.isPending ? (
          <LoaderCircle size={12} className="animate-spin" aria-hidden />
        ) : (
          <Terminal size={12} aria-hidden />
        )}
        /my-id
      </button>
      {myId.data && (
        <div className="mt-3 rounded-md border border-accent/30 bg-accent/5 p-2.5" data-testid="devnet-chat-reply">
          <p className="flex items-center gap-1.5 text-[11px] text-faint">
            <Bot size={12} className="text-accent" aria-hidden />
            <span className="font-semibold text-fg">{t('devnet_chat.bot')}</span>
            <span>· {t('devnet_chat.only_you')}</span>
          </p>
          <output className="mt-1 block break-words whitespace-pre-wrap text-fg">{myId.data.reply}</output>
          <div className="mt-2">
            <CopyButton text={userId} label={t('devnet_chat.copy')} />
          </div>
        </div>
      )}
    </section>
  );
}

/** The bot's DMs, newest first as the chat server lists them. */
function DirectMessages({ list, failed }: { list: DevnetChatMessage[] | undefined; failed: boolean }) {
  const { t } = useTranslation();
  return (
    <section
      className="flex min-h-64 min-w-0 flex-col rounded-md border border-line bg-panel"
      aria-labelledby="devnet-chat-dms"
    >
      <header className="border-b border-line px-3 py-2">
        <h2 id="devnet-chat-dms" className="font-semibold text-fg">
          {t('devnet_chat.messages')}
        </h2>
        <p className="text-[11px] text-faint">{t('devnet_chat.messages_hint')}</p>
      </header>
      {failed ? (
        <p className="p-3 text-muted">{t('devnet_chat.error')}</p>
      ) : list === undefined ? (
        <Loading className="mt-6" />
      ) : list.length === 0 ? (
        <p className="p-3 text-muted">{t('devnet_chat.empty')}</p>
      ) : (
        <ol
          className="flex flex-col divide-y divide-line/60"
          aria-label={t('devnet_chat.messages')}
          data-testid="devnet-chat-dm-list"
        >
          {list.map((message) => (
            <li key={message.id} className="px-3 py-2" data-testid="devnet-chat-dm">
              <p className="flex items-baseline gap-2 text-[11px]">
                <span className="font-semibold text-fg">{t('devnet_chat.bot')}</span>
                <time className="font-mono text-faint" dateTime={new Date(message.created_at).toISOString()}>
                  {formatDate(Math.floor(message.created_at / 1000))}
                </time>
              </p>
              <p className="mt-0.5 break-words whitespace-pre-wrap text-fg">
                <DiscordMarkup content={message.content} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
