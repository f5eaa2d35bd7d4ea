import { loadAlertTexts } from '../../../lib/alert-texts';
import type { AlertDetail } from '@floordesk/protocol';
import * as RadixDialog from '@radix-ui/react-dialog';
import { CircleCheck, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BetaTag } from '../../../components/ui/beta-tag';
import { Dialog } from '../../../components/ui/dialog';
import { useMinWidth } from '../../../lib/use-min-width';
import type { ReminderPrefill } from '../../../stores/alert-dialog-store';
import { type AlertDraft, draftOfDetail, localInputOf, newDraft } from '../alert-draft';
import { useAlertList, useChatSettings } from '../api';
import {
  ALERT_DIALOG_BODY_OFFSET_PX,
  ALERT_DIALOG_MAX_WIDTH_PX,
  type AlertMenuId,
  isAlertType,
  MENU_DRAWER_BELOW_PX,
  MENU_SHAKE_MS,
} from '../constants';
import { useShake } from '../use-shake';
import { AlertForm } from './alert-form';
import { AlertList } from './alert-list';
import { AlertMenu } from './alert-menu';
import { ChatBotPanel } from './chat-bot-panel';

loadAlertTexts();

/**
 * The chat-DM alert dialog: 900 px wide at most, 80 px from the top, a body of the window's height less 260 px. It
 * opens on the list, or on a custom-event form filled in with `reminder` (a calendar item's).
 */
export function AlertDialog({
  open,
  onOpenChange,
  reminder = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reminder?: ReminderPrefill | null;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      style={{ maxWidth: ALERT_DIALOG_MAX_WIDTH_PX }}
      title={
        <>
          {t('alert_dialog.title')}
          <BetaTag />
        </>
      }
      description={t('alert_dialog.subtitle')}
    >
      {/* Closing unmounts the body: the next opening starts on the list, with no entry or alert chosen. */}
      <AlertDialogBody reminder={reminder} />
    </Dialog>
  );
}

/** What the dialog shows: a menu entry, and for a form the values it starts from (a saved alert's, or new). */
type Screen = { menu: AlertMenuId; draft: AlertDraft | null; key: number };

function AlertDialogBody({ reminder }: { reminder: ReminderPrefill | null }) {
  const { t } = useTranslation();
  const wide = useMinWidth(MENU_DRAWER_BELOW_PX);
  const chat = useChatSettings();
  const list = useAlertList();
  const chatMissing = chat.data?.chat_id === '';
  const [screen, setScreen] = useState<Screen>(() =>
    reminder ? { menu: 401, draft: reminderDraft(reminder), key: 0 } : { menu: 'list', draft: null, key: 0 },
  );
  // Every opening of the dialog (a new body) and of a form shakes the chat-bot entry while there is no chat id.
  const [formsOpened, setFormsOpened] = useState(reminder ? 1 : 0);
  const shaking = useShake(chatMissing, formsOpened, MENU_SHAKE_MS);
  const [notice, setNotice] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  /** Shows a menu entry; a form starts empty unless it opens a saved alert. */
  const choose = (menu: AlertMenuId, detail?: AlertDetail) => {
    setNotice(null);
    setDrawerOpen(false);
    const draft = isAlertType(menu) ? (detail ? draftOfDetail(detail) : newDraft(menu)) : null;
    setScreen((current) => ({ menu, draft, key: current.key + 1 }));
    if (draft) setFormsOpened((count) => count + 1);
  };
  const backToList = (message: string | null) => {
    setScreen((current) => ({ menu: 'list', draft: null, key: current.key + 1 }));
    setNotice(message);
  };

  const menu = (
    <AlertMenu
      current={screen.menu}
      onChoose={(id) => choose(id)}
      chatMissing={chatMissing}
      shaking={shaking}
      count={list.data?.list.length}
    />
  );
  const currentLabel =
    screen.menu === 'list'
      ? t('alerts.menu.list')
      : screen.menu === 'create'
        ? t('alerts.menu.create')
        : t(`alerts.type.${screen.menu}`);

  return (
    <div
      className="mt-3 flex min-h-0 gap-3"
      style={{ height: `max(160px, calc(100dvh - ${ALERT_DIALOG_BODY_OFFSET_PX}px))` }}
      data-testid="alert-dialog-body"
    >
      {/* Padded on both sides, so the shaking entry and its ring are not clipped by the scrolling. */}
      {wide && <aside className="w-48 shrink-0 overflow-y-auto border-r border-line px-1">{menu}</aside>}
      <div className="flex min-w-0 flex-1 flex-col">
        {!wide && (
          <div className="mb-2 flex items-center gap-2 border-b border-line pb-2">
            <button
              type="button"
              className="button-secondary gap-1.5 data-[shaking=true]:border-warn data-[shaking=true]:text-warn"
              data-shaking={shaking ? 'true' : undefined}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <Menu size={14} aria-hidden />
              {t('alerts.menu.open')}
            </button>
            <span className="min-w-0 truncate font-semibold text-fg">{currentLabel}</span>
          </div>
        )}
        {notice && (
          <output
            data-testid="alert-notice"
            className="mb-2 flex items-center gap-2 rounded-md border border-accent/40 bg-accent/10 px-3 py-1.5 text-[12px] text-fg"
          >
            <CircleCheck size={14} className="shrink-0 text-accent" aria-hidden />
            <span className="min-w-0 flex-1 break-words">{notice}</span>
            <button
              type="button"
              className="icon-button size-6"
              aria-label={t('alerts.dismiss')}
              onClick={() => setNotice(null)}
            >
              <X size={12} aria-hidden />
            </button>
          </output>
        )}
        <div className="min-h-0 flex-1 overflow-y-auto pr-1">
          {screen.menu === 'list' && (
            <AlertList onOpen={(detail) => choose(detail.type, detail)} onDeleted={setNotice} />
          )}
          {screen.menu === 'create' && <ChatBotPanel onNotice={setNotice} />}
          {screen.draft && (
            <AlertForm
              key={screen.key}
              initial={screen.draft}
              chatMissing={chatMissing}
              onSetUpChat={() => choose('create')}
              onSaved={backToList}
              onBack={() => backToList(null)}
            />
          )}
        </div>
      </div>
      {!wide && (
        <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <RadixDialog.Portal>
            <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
            <RadixDialog.Content className="fixed inset-y-0 left-0 z-50 flex w-64 max-w-[85vw] flex-col border-r border-line bg-panel p-3 shadow-2xl">
              <div className="mb-2 flex items-center justify-between">
                <RadixDialog.Title className="font-semibold text-fg">{t('alerts.menu.open')}</RadixDialog.Title>
                <RadixDialog.Close className="icon-button size-7" aria-label={t('dialog.close')}>
                  <X size={14} aria-hidden />
                </RadixDialog.Close>
              </div>
              <RadixDialog.Description className="sr-only">{t('alerts.menu.label')}</RadixDialog.Description>
              <div className="min-h-0 flex-1 overflow-y-auto px-1">{menu}</div>
            </RadixDialog.Content>
          </RadixDialog.Portal>
        </RadixDialog.Root>
      )}
    </div>
  );
}

/** A new custom-event alert for a calendar item: named after it, at its time. */
function reminderDraft(reminder: ReminderPrefill): AlertDraft {
  return { ...newDraft(401), title: reminder.title, event_time: localInputOf(reminder.at) };
}
