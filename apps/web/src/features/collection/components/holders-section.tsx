import { BIG_HOLDER_PERCENT, type HoldersData } from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import { HoldersTable } from '../../../components/ui/holders-table';
import { EmptyState, SectionPanel } from '../../../components/ui/section-panel';
import { formatCount } from '../../../lib/format';
import { useCollectionHolders } from '../api/get-collection-holders';
import { Awaiting } from './awaiting';

type HoldersSectionProps = { address: string; className?: string };

/** How many own the collection, and who holds the most. */
export function HoldersSection({ address, className }: HoldersSectionProps) {
  const { t } = useTranslation();
  const { data, isError } = useCollectionHolders(address);
  return (
    <SectionPanel
      title={t('collection.section.holders')}
      className={className}
      aside={
        data && (
          <span className="text-[11px] text-muted">
            {t('collection.holders.owners', { owners: formatCount(data.owners) })}
          </span>
        )
      }
    >
      {data ? <HoldersList holders={data} /> : <Awaiting failed={isError} />}
    </SectionPanel>
  );
}

/** The largest holders, those above BIG_HOLDER_PERCENT of the supply highlighted. */
export function HoldersList({ holders }: { holders: HoldersData }) {
  const { t } = useTranslation();
  if (holders.list.length === 0) return <EmptyState>{t('collection.holders.empty')}</EmptyState>;
  return (
    <HoldersTable
      holders={holders.list}
      labels={{
        address: t('collection.holders.address'),
        count: t('collection.holders.count'),
        percent: t('collection.holders.percent'),
        big: t('collection.holders.big'),
      }}
      hint={t('collection.holders.big_hint', { percent: BIG_HOLDER_PERCENT })}
    />
  );
}
