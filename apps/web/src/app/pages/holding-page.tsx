import { isHexAddress, normalizeAddress } from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/ui/page-frame';
import { FlippersPanel } from '../../features/holding/components/flippers-panel';
import { HoldingAnalysis } from '../../features/holding/components/holding-analysis';
import { CollectionPicker } from '../../features/search/components/collection-picker';
import { useHoldingTexts } from '../../lib/holding-texts';
import { useQueryParams } from '../../lib/use-query-params';

/**
 * /holding, composed here because it joins two features (holder analysis, the search that picks the collection):
 * who holds a collection (picked by search or `?address=`): holders by items held, the largest holders
 * with the big-holder highlight, the flippers among them; and the high-win-rate flippers list with its rule.
 */
export default function HoldingPage() {
  const { t } = useTranslation();
  const holding = useHoldingTexts();
  const [params, setParams] = useQueryParams();
  const raw = params.get('address');
  const address = raw && isHexAddress(raw) ? normalizeAddress(raw) : null;
  return (
    <PageFrame title={t('route.holding.title')} description={t('route.holding.description')}>
      <div className="mt-3 grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-3">
          <CollectionPicker
            onPick={(picked) => setParams({ address: picked })}
            label={holding.t('holding.search_placeholder')}
            placeholder={holding.t('holding.search_placeholder')}
          />
          <HoldingAnalysis address={address} />
        </div>
        <FlippersPanel />
      </div>
    </PageFrame>
  );
}
