import type { RankTierName, RaritySummary, RarityTokensData } from '@floordesk/protocol';
import { ArrowLeft, ChevronLeft, ChevronRight, Gem } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CollectionImage } from '../../../components/ui/collection-image';
import { LoadingOrFailed } from '../../../components/ui/load-state';
import { PageFrame } from '../../../components/ui/page-frame';
import { formatCount, formatEth, formatPercent, NO_VALUE } from '../../../lib/format';
import { useRarityTexts } from '../../../lib/rarity-texts';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRarityTokens } from '../api/get-rarity-tokens';
import { type TraitChoice, toggleTrait, traitsParam } from '../trait-choice';
import { RarityNote } from './rarity-note';
import { RarityTokenTable } from './rarity-token-table';
import { RefreshMetadataButton } from './refresh-metadata-button';
import { TokenDetail } from './token-detail';
import { FilterChips, TraitFilter } from './trait-filter';
import { useQueryParams } from '../../../lib/use-query-params';

const TIERS: readonly RankTierName[] = ['legendary', 'rare', 'classic', 'ordinary'];
const RANK_DEBOUNCE_MS = 400;

/** /rarity?address=…(&token=…): one collection's tokens by rank, filtered by traits, tier, rank and listing. */
export default function RarityPage() {
  const { t } = useTranslation();
  const texts = useRarityTexts();
  const [params] = useQueryParams();
  const address = params.get('address')?.toLowerCase() ?? '';
  return (
    <PageFrame title={t('route.rarity.title')} description={t('route.rarity.description')}>
      <div className="mt-2">
        <Link to="/rarityHome" className="inline-flex items-center gap-1 text-[12px] text-muted hover:text-fg">
          <ArrowLeft size={12} aria-hidden />
          {texts.t('rarity_views.to_overview')}
        </Link>
      </div>
      {/* Keyed by the address: another collection starts without this one's filters. */}
      {address ? (
        <CollectionRarity key={address} address={address} />
      ) : (
        <p className="py-8 text-center text-faint">{texts.t('rarity_views.ask_address')}</p>
      )}
    </PageFrame>
  );
}

function CollectionRarity({ address }: { address: string }) {
  const texts = useRarityTexts();
  const { t } = useTranslation();
  const [params, setParams] = useQueryParams();
  const token = params.get('token') ?? undefined;
  const [choice, setChoice] = useState<TraitChoice>({});
  const [listedOnly, setListedOnly] = useState(false);
  const [tier, setTier] = useState<RankTierName | ''>('');
  const [rankText, setRankText] = useState({ min: '', max: '' });
  const ranks = useDebouncedValue(rankText, RANK_DEBOUNCE_MS);
  const [page, setPage] = useState(1);

  const query = {
    address,
    traits: traitsParam(choice),
    listed: listedOnly ? ('1' as const) : ('0' as const),
    tier: tier || undefined,
    rank_min: rankParam(ranks.min),
    rank_max: rankParam(ranks.max),
    page,
    token,
  };
  const tokens = useRarityTokens(query);

  /** Every filter change starts again from the first page. */
  function refilter(change: () => void) {
    change();
    setPage(1);
  }
  const toggle = (type: string, value: string) => refilter(() => setChoice((now) => toggleTrait(now, type, value)));
  const openToken = (tokenId: string | null) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (tokenId === null) next.delete('token');
        else next.set('token', tokenId);
        return next;
      },
      { replace: true },
    );

  if (!tokens.data) {
    return (
      <LoadingOrFailed
        query={tokens}
        message={texts.t('rarity_views.load_error')}
        retry={texts.t('rarity_views.retry')}
        className="mt-6"
      />
    );
  }
  const data = tokens.data;
  if (!data.collection)
    return <p className="py-8 text-center text-faint">{texts.t('rarity_views.unknown_collection')}</p>;

  return (
    <div className="mt-3 flex flex-col gap-3">
      <RarityHeader summary={data.collection} />
      <RarityNote summary={data.collection} />
      {token !== undefined && (
        <TokenDetail
          address={address}
          tokenId={token}
          // An answer for other filters or another token says nothing about this one yet.
          token={tokens.isPlaceholderData ? undefined : data.selected}
          onClose={() => openToken(null)}
        />
      )}
      <div className="grid gap-3 lg:grid-cols-[260px_minmax(0,1fr)]">
        <aside className="flex min-w-0 flex-col gap-2 self-start rounded-md border border-line bg-panel py-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3">
            <label className="flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={listedOnly}
                onChange={(event) => refilter(() => setListedOnly(event.target.checked))}
                className="accent-(--accent)"
              />
              {texts.t('rarity_views.listed_only')}
            </label>
            <select
              value={tier}
              onChange={(event) => refilter(() => setTier(event.target.value as RankTierName | ''))}
              aria-label={texts.t('rarity_views.tier_all')}
              className="h-7 rounded-md border border-line bg-panel px-1.5"
            >
              <option value="">{texts.t('rarity_views.tier_all')}</option>
              {TIERS.map((name) => (
                <option key={name} value={name}>
                  {t(`collection.tier.${name}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-center gap-1.5 px-3 text-[12px] whitespace-nowrap text-muted">
            <span>{texts.t('rarity_views.rank_from')}</span>
            <RankInput
              value={rankText.min}
              label={texts.t('rarity_views.rank_from')}
              onChange={(min) => refilter(() => setRankText((now) => ({ ...now, min })))}
            />
            <span>{texts.t('rarity_views.rank_to')}</span>
            <RankInput
              value={rankText.max}
              label={texts.t('rarity_views.rank_to')}
              onChange={(max) => refilter(() => setRankText((now) => ({ ...now, max })))}
            />
          </div>
          {data.traits.length > 0 && (
            <div className="border-t border-line">
              <h2 className="px-3 pt-2 pb-1 text-[11px] font-semibold tracking-wider text-muted uppercase">
                {texts.t('rarity_views.filters')}
              </h2>
              <TraitFilter traits={data.traits} choice={choice} onToggle={toggle} />
            </div>
          )}
        </aside>
        <section className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <span data-testid="rarity-total" className="font-semibold">
              {texts.t('rarity_views.matching', { count: data.total })}
            </span>
            <FilterChips choice={choice} onToggle={toggle} onClear={() => refilter(() => setChoice({}))} />
          </div>
          <div className="overflow-hidden rounded-md border border-line bg-panel">
            {data.list.length > 0 ? (
              <RarityTokenTable tokens={data.list} selected={token ?? null} onSelect={openToken} />
            ) : (
              <p className="px-3 py-8 text-center text-faint">{texts.t('rarity_views.no_tokens')}</p>
            )}
          </div>
          <Pager data={data} onPage={setPage} />
        </section>
      </div>
    </div>
  );
}

/** A rank bound as typed: a whole number from 1, else no bound. */
function rankParam(text: string): number | undefined {
  const rank = Number(text);
  return text !== '' && Number.isInteger(rank) && rank >= 1 ? rank : undefined;
}

function RankInput({ value, label, onChange }: { value: string; label: string; onChange: (value: string) => void }) {
  return (
    <input
      type="number"
      inputMode="numeric"
      min={1}
      value={value}
      aria-label={label}
      onChange={(event) => onChange(event.target.value)}
      className="h-7 w-full min-w-0 flex-1 rounded-md border border-line bg-panel px-1.5 font-mono text-fg"
    />
  );
}

function RarityHeader({ summary }: { summary: RaritySummary }) {
  const { t } = useRarityTexts();
  const figures = [
    [t('rarity_views.supply'), formatCount(summary.supply)],
    [t('rarity_views.ranked'), formatCount(summary.ranked)],
    [t('rarity_views.coverage'), formatPercent(summary.coverage)],
    [t('rarity_views.floor'), summary.floor_value === null ? NO_VALUE : `${formatEth(summary.floor_value)} ETH`],
  ] as const;
  return (
    <header className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-md border border-line bg-panel p-3">
      <div className="flex min-w-0 items-center gap-3">
        <CollectionImage src={summary.img} name={summary.name} className="size-10" />
        <h2 className="min-w-0 truncate text-base font-semibold" data-testid="rarity-collection-name">
          {summary.name ?? summary.address}
        </h2>
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-[11px] text-faint">{label}</dt>
            <dd className="font-mono">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="ml-auto flex flex-wrap items-center gap-3">
        <Link
          to={`/rarityMore?address=${summary.address}`}
          className="flex items-center gap-1.5 font-semibold text-accent hover:underline"
        >
          <Gem size={14} aria-hidden />
          {t('rarity_views.more_link')}
        </Link>
        <RefreshMetadataButton address={summary.address} />
      </div>
    </header>
  );
}

function Pager({ data, onPage }: { data: RarityTokensData; onPage: (page: number) => void }) {
  const { t } = useRarityTexts();
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  if (pages === 1) return null;
  return (
    <nav className="flex items-center justify-end gap-2 text-[12px]">
      <button
        type="button"
        className="button-secondary px-2"
        disabled={data.page <= 1}
        onClick={() => onPage(data.page - 1)}
        aria-label={t('rarity_views.previous')}
      >
        <ChevronLeft size={14} aria-hidden />
      </button>
      <span className="text-muted">{t('rarity_views.page', { page: data.page, pages })}</span>
      <button
        type="button"
        className="button-secondary px-2"
        disabled={data.page >= pages}
        onClick={() => onPage(data.page + 1)}
        aria-label={t('rarity_views.next')}
      >
        <ChevronRight size={14} aria-hidden />
      </button>
    </nav>
  );
}
