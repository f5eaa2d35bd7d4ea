import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/ui/page-frame';
import { HistoricView } from '../../features/historic/components/historic-view';
import { CollectionPicker } from '../../features/search/components/collection-picker';
import { useFollowedAddresses } from '../../features/watchlist/api/get-followed-addresses';
import { useMarketPulseTexts } from '../../lib/market-pulse-texts';
import { useSession } from '../../stores/session-store';

/**
 * /historic, composed here because it joins three features: the floor chart, the watchlist it starts from and the
 * search that adds to it.
 */
export default function HistoricPage() {
  const { t } = useTranslation();
  const pulse = useMarketPulseTexts();
  const signedIn = useSession((state) => state.token !== null);
  const followed = useFollowedAddresses();
  return (
    <PageFrame title={t('route.historic.title')} description={t('route.historic.description')}>
      <HistoricView
        watchlist={signedIn ? followed.data : undefined}
        waiting={signedIn && followed.isPending}
        renderPicker={(add, full) => (
          <CollectionPicker
            onPick={add}
            disabled={full}
            label={pulse.t('pulse.historic.add')}
            placeholder={pulse.t('pulse.historic.add_placeholder')}
          />
        )}
      />
    </PageFrame>
  );
}
