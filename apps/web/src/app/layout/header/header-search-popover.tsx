import * as Popover from '@radix-ui/react-popover';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../../features/search/components/search-box';

/** The search box below BREAKPOINTS.searchBox: an icon that opens it. */
export function HeaderSearchPopover() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="icon-button" aria-label={t('search.open')}>
        <Search size={16} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          align="end"
          collisionPadding={8}
          className="z-50 w-[min(320px,calc(100vw-16px))] rounded-md border border-line bg-panel p-2 shadow-xl"
        >
          <SearchBox onCollectionOpened={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
