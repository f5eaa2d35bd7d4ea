import type { Diagnostics } from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import { Panel, Stat, StatList } from './panel';

export function TotalsPanel({ diagnostics }: { diagnostics: Diagnostics }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('diagnostics.totals.title')}>
      <StatList>
        <Stat label={t('diagnostics.totals.sales')}>{diagnostics.sales}</Stat>
        <Stat label={t('diagnostics.totals.transfers')}>{diagnostics.transfers}</Stat>
        <Stat label={t('diagnostics.totals.listings')}>{diagnostics.listings}</Stat>
        <Stat label={t('diagnostics.totals.pending')}>{diagnostics.pending}</Stat>
        <Stat label={t('diagnostics.totals.collections')}>{diagnostics.collections}</Stat>
        <Stat label={t('diagnostics.totals.onlineUsers')}>{diagnostics.online_users}</Stat>
      </StatList>
    </Panel>
  );
}
