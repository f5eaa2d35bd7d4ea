import { type ChatSettingsData, chatIdProblem, MY_ID_COMMAND } from '@floordesk/protocol';
import { CircleCheck, Copy, ExternalLink, LoaderCircle, TriangleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVNET_CHAT_PATH } from '../../../config/links';
import { useAppConfig } from '../../../lib/api/app-config';
import { formatDate } from '../../../lib/dates';
import { successText, useChatAction, useChatSettings } from '../api';
import { rememberTestedChatId, testedChatId } from '../chat-test-memory';
import { ACTION_DEBOUNCE_MS } from '../constants';
import { useActionGate } from '../use-action-gate';
import { Field, inputClass, useProblemText } from './form-fields';
import { Loading, LoadFailed } from '../../../components/ui/load-state';

/** The 'create' screen: link a chat user ID so alerts can reach the user as DMs from the bot. */
export function ChatBotPanel({ onNotice }: { onNotice: (message: string) => void }) {
  const { t } = useTranslation();
  const chat = useChatSettings();
  if (chat.isError) {
    return (
      <LoadFailed
        className="mt-6"
        message={t('alerts.chat.error')}
        retry={t('alerts.list.retry')}
        onRetry={() => void chat.refetch()}
      />
    );
  }
  if (chat.isPending) {
    return <Loading className="mt-6 justify-center" />;
  }
  return <ChatBotForm settings={chat.data} onNotice={onNotice} />;
}

/** Where an invite leads: a web page (anything else is not shown), and whether it is the devnet's chat page. */
function inviteOf(url: string): { href: string; devnet: boolean } | null {
  if (url === '') return null;
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    return { href: url, devnet: parsed.pathname === DEVNET_CHAT_PATH };
  } catch {
    return null;
  }
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="grid grid-cols-[1.5rem_minmax(0,1fr)] gap-x-2.5">
      <span
        aria-hidden
        className="grid size-6 place-items-center rounded-full bg-accent/15 text-[12px] font-semibold text-accent"
      >
        {number}
      </span>
      <div className="min-w-0">
        <h4 className="leading-6 font-semibold text-fg">{title}</h4>
        {children}
      </div>
    </li>
  );
}

function ChatBotForm({ settings, onNotice }: { settings: ChatSettingsData; onNotice: (message: string) => void }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const { data: config } = useAppConfig();
  const [draft, setDraft] = useState(settings.chat_id);
  const [tried, setTried] = useState(false);
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const [tested, setTested] = useState(testedChatId);
  const save = useChatAction('save');
  const test = useChatAction('test');
  const saveGate = useActionGate(ACTION_DEBOUNCE_MS);
  const testGate = useActionGate(ACTION_DEBOUNCE_MS);

  const saved = settings.chat_id;
  const unchanged = saved !== '' && draft.trim() === saved;
  // Test hides once it passed for the saved id (remembered in this browser) while DMs still reach the user; a new
  // id starts untested, and closed DMs call for another test.
  const testHidden = saved !== '' && tested === saved && settings.test_time > 0 && settings.reachable;
  const problem = tried ? problemText(chatIdProblem(draft)) : undefined;
  const command = `/${(settings.command || MY_ID_COMMAND).replace(/^\//, '')}`;
  const invite = inviteOf(settings.discord_url || (config?.devnet_wallet ? DEVNET_CHAT_PATH : ''));

  // Save and Test run only once the form validates, and at most once within the debounce time.
  const valid = () => {
    setTried(true);
    return chatIdProblem(draft) === undefined;
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!valid() || save.isPending || !saveGate.pass()) return;
    save.mutate(draft.trim(), {
      onSuccess: ({ data, msg }) => {
        setDraft(data.chat_id);
        onNotice(successText(msg, t('alerts.chat.saved')));
      },
    });
  };

  const onTest = () => {
    if (!valid() || !unchanged || test.isPending || !testGate.pass()) return;
    test.mutate(saved, {
      onSuccess: ({ data, msg }) => {
        rememberTestedChatId(data.chat_id);
        setTested(data.chat_id);
        onNotice(successText(msg, t('alerts.chat.tested')));
      },
    });
  };

  const copyCommand = () =>
    void navigator.clipboard.writeText(command).then(
      () => setCopied('ok'),
      () => setCopied('failed'),
    );

  return (
    <section aria-labelledby="chat-bot-heading" className="max-w-2xl">
      <h3 id="chat-bot-heading" className="text-[14px] font-semibold text-fg">
        {t('alerts.chat.title')}
      </h3>
      <p className="mt-0.5 text-[12px] leading-snug text-muted">{t('alerts.chat.intro')}</p>

      {saved !== '' && !settings.reachable && (
        <div
          role="alert"
          data-testid="chat-unreachable"
          className="mt-3 flex gap-2 rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-[12px] text-fg"
        >
          <TriangleAlert size={14} className="mt-0.5 shrink-0 text-danger" aria-hidden />
          <span>{t('alerts.chat.unreachable')}</span>
        </div>
      )}

      <ol className="mt-4 flex flex-col gap-5">
        <Step number={1} title={t('alerts.chat.step1')}>
          <p className="mt-0.5 text-[12px] leading-relaxed text-muted">
            {t('alerts.chat.step1_text_before')}{' '}
            <button
              type="button"
              onClick={copyCommand}
              className="inline-flex items-center gap-1 rounded border border-line bg-raised px-1.5 font-mono text-[12px] text-accent hover:border-accent/60"
              aria-label={t('alerts.chat.copy_command', { command })}
              title={t('alerts.chat.copy_command', { command })}
              data-testid="chat-command"
            >
              {command}
              <Copy size={11} aria-hidden />
            </button>{' '}
            {t('alerts.chat.step1_text_after')}
          </p>
          <output className="mt-1 block min-h-4 text-[12px]" data-testid="chat-command-copied">
            {copied === 'ok' && <span className="text-accent">{t('alerts.chat.copied', { command })}</span>}
            {copied === 'failed' && <span className="text-danger">{t('alerts.chat.copy_failed', { command })}</span>}
          </output>
          {invite === null ? (
            <p className="text-[12px] text-faint">{t('alerts.chat.no_invite')}</p>
          ) : (
            <a
              href={invite.href}
              target="_blank"
              rel="noopener noreferrer"
              className="button-secondary mt-0.5 gap-1.5"
              data-testid="chat-invite"
            >
              {invite.devnet ? t('alerts.chat.devnet_invite') : t('alerts.chat.invite')}
              <ExternalLink size={12} aria-hidden />
            </a>
          )}
        </Step>

        <Step number={2} title={t('alerts.chat.step2')}>
          <p className="mt-0.5 mb-2 text-[12px] leading-relaxed text-muted">{t('alerts.chat.step2_text')}</p>
          <form onSubmit={onSave} noValidate className="flex flex-col gap-2">
            <Field label={t('alerts.chat.chat_id')} problem={problem}>
              {(control) => (
                <div className="flex flex-wrap items-center gap-2">
                  <input
                    {...control}
                    value={draft}
                    onChange={(event) => setDraft(event.target.value)}
                    placeholder={t('alerts.chat.chat_id_placeholder')}
                    inputMode="numeric"
                    autoComplete="off"
                    spellCheck={false}
                    className={`${inputClass} max-w-64 flex-[1_1_8rem] font-mono text-[12px] placeholder:font-sans`}
                  />
                  <button type="submit" className="button-primary h-8 min-w-16" aria-busy={save.isPending}>
                    {save.isPending && <LoaderCircle size={12} className="mr-1 animate-spin" aria-hidden />}
                    {t('alerts.chat.save')}
                  </button>
                  {!testHidden && (
                    <button
                      type="button"
                      className="button-secondary h-8 min-w-16"
                      disabled={!unchanged || test.isPending}
                      aria-busy={test.isPending}
                      onClick={onTest}
                    >
                      {test.isPending && <LoaderCircle size={12} className="mr-1 animate-spin" aria-hidden />}
                      {t('alerts.chat.test')}
                    </button>
                  )}
                </div>
              )}
            </Field>
            {saved === '' && <p className="text-[11px] text-faint">{t('alerts.chat.test_after_save')}</p>}
            {settings.test_time > 0 && settings.reachable && unchanged && (
              <p className="flex items-center gap-1.5 text-[12px]" data-testid="chat-test-success">
                <CircleCheck size={14} className="text-accent" aria-hidden />
                <span className="font-semibold text-accent">{t('alerts.chat.test_success')}</span>
                <time className="font-mono text-muted" dateTime={new Date(settings.test_time * 1000).toISOString()}>
                  {formatDate(settings.test_time)}
                </time>
              </p>
            )}
          </form>
        </Step>
      </ol>
    </section>
  );
}
