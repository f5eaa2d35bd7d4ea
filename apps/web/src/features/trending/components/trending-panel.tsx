import { TRENDING_REFRESH_MS } from '@floordesk/protocol';
import * as RadixDialog from '@radix-ui/react-dialog';
import { Maximize2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setPanelOpen, usePanelOpen } from '../../../stores/panels-store';
import { TrendingList } from './trending-list';

/**
 * The trending drawer, opened from the bottom bar. Not modal: a trader keeps working on the page beside
 * it. Its list is mounted only while it is open, so it polls only then.
 */
export function TrendingPanel() {
  const { t } = useTranslation();
  const open = usePanelOpen('trending');
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => setPanelOpen('trending', next)} modal={false}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          // Clicks on the page (the bar's own toggle included) must not close it behind the user's back.
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed top-11 bottom-9 left-0 z-30 flex w-full flex-col border-r border-line bg-panel shadow-2xl sm:w-[380px]"
        >
          <div className="flex items-center gap-2 border-b border-line px-3 py-1.5">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="text-[14px] font-semibold text-fg">{t('trending.title')}</RadixDialog.Title>
              <RadixDialog.Description className="truncate text-[11px] text-faint">
                {t('trending.description', { seconds: TRENDING_REFRESH_MS / 1000 })}
              </RadixDialog.Description>
            </div>
            <Link
              to="/trending"
              className="icon-button"
              aria-label={t('trending.open_page')}
              title={t('trending.open_page')}
            >
              <Maximize2 size={14} />
            </Link>
            <RadixDialog.Close className="icon-button" aria-label={t('dialog.close')}>
              <X size={16} />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-1">
            <TrendingList compact />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
