import { clsx } from 'clsx';
import { Bot, List } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ALERT_MENU_GROUPS, type AlertMenuId } from '../constants';

type AlertMenuProps = {
  current: AlertMenuId;
  onChoose: (id: AlertMenuId) => void;
  /** The user has no chat id: the chat-bot entry says so. */
  chatMissing: boolean;
  /** …and shakes for a moment (a highlight instead where motion is reduced). */
  shaking: boolean;
  /** How many alerts the user has, once known. */
  count: number | undefined;
};

/** The dialog's side menu: the list and the chat-bot setup, then every alert type by family. */
export function AlertMenu({ current, onChoose, chatMissing, shaking, count }: AlertMenuProps) {
  const { t } = useTranslation();
  const labelOf = (id: AlertMenuId) =>
    id === 'list' ? t('alerts.menu.list') : id === 'create' ? t('alerts.menu.create') : t(`alerts.type.${id}`);

  return (
    <nav aria-label={t('alerts.menu.label')} className="flex flex-col gap-1">
      {ALERT_MENU_GROUPS.map((group, index) => {
        const heading = index === 0 ? null : t(`alerts.menu.group.${index as 1 | 2 | 3 | 4}`);
        return (
          <div key={group.join()} className={clsx(index > 0 && 'border-t border-line/60 pt-1')}>
            {heading && (
              <p className="px-2 pt-1.5 pb-0.5 text-[10px] font-semibold tracking-wide text-faint uppercase">
                {heading}
              </p>
            )}
            <ul className="flex flex-col">
              {group.map((id) => {
                const selected = current === id;
                const create = id === 'create';
                return (
                  <li key={id}>
                    <button
                      type="button"
                      aria-current={selected ? 'page' : undefined}
                      data-menu-id={id}
                      data-shaking={create && shaking ? 'true' : undefined}
                      onClick={() => onChoose(id)}
                      className={clsx(
                        'flex min-h-8 w-full items-center gap-2 rounded px-2 py-1 text-left leading-tight transition-colors hover:bg-raised',
                        selected ? 'bg-raised font-semibold text-accent' : 'text-fg',
                        create && chatMissing && 'text-warn',
                        create &&
                          shaking &&
                          'bg-warn/15 ring-1 ring-warn/60 motion-safe:animate-shake motion-reduce:ring-2',
                      )}
                    >
                      {id === 'list' && <List size={14} className="shrink-0" aria-hidden />}
                      {create && <Bot size={14} className="shrink-0" aria-hidden />}
                      <span className="min-w-0 flex-1">{labelOf(id)}</span>
                      {id === 'list' && count !== undefined && (
                        <span className="shrink-0 font-mono text-[11px] text-faint" aria-hidden>
                          {count}
                        </span>
                      )}
                    </button>
                    {create && chatMissing && (
                      <p
                        className="px-2 pt-0.5 pb-1 text-[11px] leading-snug text-warn"
                        data-testid="chat-setup-prompt"
                      >
                        {t('alerts.menu.setup_prompt')}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
