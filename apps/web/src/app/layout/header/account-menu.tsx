import { parseLang } from '@floordesk/protocol';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  AtSign,
  Bell,
  BookOpen,
  ChevronDown,
  ExternalLink,
  Layers,
  LogOut,
  MessageCircle,
  Siren,
  Store,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BetaTag } from '../../../components/ui/beta-tag';
import { blurProfileUrl, openseaProfileUrl } from '../../../config/links';
import { signOut } from '../../../features/auth/sign-out';
import { useAppConfig } from '../../../lib/api/app-config';
import { shortAddress } from '../../../lib/format';
import { closeAlertDialog, openAlertDialog, useAlertDialog } from '../../../stores/alert-dialog-store';
import { lazyWhenOpen } from '../../../lib/lazy-component';
import { currentPath } from '../../../lib/navigation';
import { useSession } from '../../../stores/session-store';
import { LanguageItems } from './language-items';

// The alert dialog (its forms and the protocol's alert rules) loads the first time ALERT is chosen.
const AlertDialog = lazyWhenOpen(
  () => import('../../../features/alerts/components/alert-dialog').then((module) => module.AlertDialog),
  ({ open }) => open,
);

function ExternalItem({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  return (
    <DropdownMenu.Item asChild className="menu-item">
      <a href={href} target="_blank" rel="noopener noreferrer">
        {icon}
        <span className="flex-1">{label}</span>
        <ExternalLink size={12} className="text-faint" aria-hidden />
      </a>
    </DropdownMenu.Item>
  );
}

/** The signed-in user's menu. */
export function AccountMenu({ address }: { address: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const ens = useSession((state) => state.ens);
  const alertDialog = useAlertDialog();
  const links = useAppConfig().data?.links;

  return (
    <>
      {/* Not modal: a modal menu would keep the page inert while the Alert dialog it opens takes over. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="menu-trigger" aria-label={t('menu.account')}>
          <span className="size-2 rounded-full bg-accent" aria-hidden />
          <span className="max-w-36 shrink-0 truncate font-mono tabular-nums" title={ens ?? address}>
            {ens ?? shortAddress(address)}
          </span>
          <ChevronDown size={12} className="text-faint" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className="menu-content w-60">
            <DropdownMenu.Label className="break-all px-2 py-1.5 font-mono text-[11px] text-muted">
              {address}
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="menu-separator" />
            <DropdownMenu.Item className="menu-item" onSelect={() => navigate('/notice')}>
              <Bell size={14} aria-hidden />
              <span className="flex-1">{t('menu.notifications')}</span>
              <BetaTag />
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu-item" onSelect={() => openAlertDialog()}>
              <Siren size={14} aria-hidden />
              <span className="flex-1">{t('menu.alert')}</span>
            </DropdownMenu.Item>
            <ExternalItem
              href={openseaProfileUrl(address)}
              icon={<Store size={14} aria-hidden />}
              label={t('menu.opensea')}
            />
            <ExternalItem
              href={blurProfileUrl(address)}
              icon={<Layers size={14} aria-hidden />}
              label={t('menu.blur')}
            />
            <DropdownMenu.Separator className="menu-separator" />
            <LanguageItems />
            <DropdownMenu.Separator className="menu-separator" />
            {links && (
              <ExternalItem
                href={links.how_to_use[parseLang(i18n.language)]}
                icon={<BookOpen size={14} aria-hidden />}
                label={t('menu.how_to_use')}
              />
            )}
            {links?.chat && (
              <ExternalItem href={links.chat} icon={<MessageCircle size={14} aria-hidden />} label={t('menu.chat')} />
            )}
            {links?.social && (
              <ExternalItem href={links.social} icon={<AtSign size={14} aria-hidden />} label={t('menu.social')} />
            )}
            <DropdownMenu.Separator className="menu-separator" />
            <DropdownMenu.Item className="menu-item text-danger" onSelect={() => void signOut(currentPath())}>
              <LogOut size={14} aria-hidden />
              <span className="flex-1">{t('menu.sign_out')}</span>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <AlertDialog
        open={alertDialog.open}
        reminder={alertDialog.reminder}
        onOpenChange={(open) => (open ? openAlertDialog() : closeAlertDialog())}
      />
    </>
  );
}
