import type { Recommendation } from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CollectionImage } from '../../../components/ui/collection-image';
import { LoadingOrFailed } from '../../../components/ui/load-state';
import { PageFrame } from '../../../components/ui/page-frame';
import { RankBadge } from '../../../components/ui/rank-badge';
import { formatCount, formatEth, formatPercent } from '../../../lib/format';
import { useRarityTexts } from '../../../lib/rarity-texts';
import { useRecommendations } from '../api/get-recommendations';
import { reasonValues, ruleValues, tokenPath } from '../reason';
import { tokenTier } from '../token-tier';
import { useQueryParams } from '../../../lib/use-query-params';

/**
 * /rarityMore(?address=…): listed tokens that are rare for their price over the floor, across collections or in one,
 * each with why.
 */
export default function RarityMorePage() {
  const { t } = useTranslation();
  const texts = useRarityTexts();
  const address = useQueryParams()[0].get('address')?.toLowerCase() || undefined;
  const recommendations = useRecommendations(address);
  const data = recommendations.data;
  return (
    <PageFrame title={t('route.rarityMore.title')} description={t('route.rarityMore.description')}>
      {data && <p className="mt-3 text-muted">{texts.t('rarity_views.rule', ruleValues(data.rule))}</p>}
      {address && (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-[12px]">
          <span className="rounded-full border border-accent/40 bg-accent/10 px-2 py-0.5 text-accent">
            {texts.t('rarity_views.scope_single')}
          </span>
          <Link to="/rarityMore" className="text-muted underline hover:text-fg">
            {texts.t('rarity_views.scope_all')}
          </Link>
        </p>
      )}
      <div className="mt-3">
        {!data ? (
          <LoadingOrFailed
            query={recommendations}
            message={texts.t('rarity_views.load_error')}
            retry={texts.t('rarity_views.retry')}
          />
        ) : data.list.length === 0 ? (
          <p className="py-8 text-center text-faint">{texts.t('rarity_views.no_recommendations')}</p>
        ) : (
          <ul className="grid gap-2 md:grid-cols-2 2xl:grid-cols-3">
            {data.list.map((item) => (
              <RecommendationCard key={`${item.address}:${item.token_id}`} item={item} />
            ))}
          </ul>
        )}
      </div>
    </PageFrame>
  );
}

function RecommendationCard({ item }: { item: Recommendation }) {
  const { t } = useRarityTexts();
  const collection = item.collection_name ?? item.address;
  return (
    <li data-testid="recommendation">
      <Link
        to={tokenPath(item.address, item.token_id)}
        aria-label={t('rarity_views.open_token', { token: item.token_id, collection })}
        className="flex min-w-0 gap-3 rounded-md border border-line bg-panel p-2.5 hover:border-accent/50 hover:bg-raised"
      >
        {item.img ? (
          <img src={item.img} alt="" loading="lazy" className="size-16 shrink-0 rounded bg-raised object-cover" />
        ) : (
          <span className="size-16 shrink-0 rounded bg-raised" aria-hidden />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex min-w-0 items-center gap-1.5">
            <CollectionImage src={item.collection_img} name={item.collection_name} className="size-4" />
            <span className="truncate text-[12px] text-muted">{collection}</span>
          </div>
          <div className="flex min-w-0 items-center justify-between gap-2">
            <span className="flex min-w-0 items-center gap-2">
              <span className="truncate font-mono font-semibold">#{item.token_id}</span>
              <RankBadge rank={item.reason.rank} tier={tokenTier(item.flag)} />
            </span>
            <span className="shrink-0 font-mono font-semibold">
              {formatEth(item.price)} <span className="text-[11px] text-faint">ETH</span>
            </span>
          </div>
          <p data-testid="recommendation-reason" className="text-[12px] text-accent">
            {t('rarity_views.reason', reasonValues(item.reason))}
          </p>
          {item.reason.coverage < 100 && (
            <p data-testid="recommendation-coverage" className="text-[11px] text-warn">
              {t('rarity_views.note', {
                percent: formatPercent(item.reason.coverage),
                ranked: formatCount(item.reason.ranked),
                supply: formatCount(item.reason.supply),
              })}
            </p>
          )}
        </div>
      </Link>
    </li>
  );
}
