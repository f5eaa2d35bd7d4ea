import { clsx } from 'clsx';
import { BadgeCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CollectionImage } from '../../../components/ui/collection-image';
import { shortAddress } from '../../../lib/format';
import type { SearchHit } from '../api/search-collections';

type SearchOptionProps = {
  id: string;
  result: SearchHit;
  active: boolean;
  onOpen: () => void;
  onPoint: () => void;
  /** A button at the row's end: follow for a result, remove for a recent search. */
  action?: ReactNode;
};

/** One collection in the search dropdown: image, name, verified icon, short address, 'N items'. */
export function SearchOption({ id, result, active, onOpen, onPoint, action }: SearchOptionProps) {
  const { t } = useTranslation();
  return (
    // Keyboard users move through options from the combobox input (aria-activedescendant), never focusing them.
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events
    <div
      id={id}
      tabIndex={-1}
      // A native <option> cannot hold an image and a button.
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
      role="option"
      aria-selected={active}
      onClick={onOpen}
      onMouseMove={onPoint}
      className={clsx('flex cursor-pointer items-center gap-2 rounded px-2 py-1.5', active && 'bg-raised')}
    >
      <CollectionImage src={result.img} name={result.name} className="size-8 text-[13px]" />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-1">
          <span className="truncate font-medium text-fg">{result.name ?? shortAddress(result.address)}</span>
          {result.verified && (
            <span title={t('search.verified')} className="shrink-0 text-accent">
              <BadgeCheck size={13} aria-hidden />
              <span className="sr-only">{t('search.verified')}</span>
            </span>
          )}
        </div>
        <div className="flex min-w-0 items-center gap-2 text-[11px] text-faint">
          <span className="font-mono">{shortAddress(result.address)}</span>
          {result.count !== null && <span className="truncate">{t('search.items', { count: result.count })}</span>}
        </div>
      </div>
      {action}
    </div>
  );
}
