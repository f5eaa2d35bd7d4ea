import { isHexAddress, normalizeAddress } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { SearchX } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DEFAULT_SIGNED_IN_PATH } from '../../../lib/redirect';
import { useMinWidth } from '../../../lib/use-min-width';
import { isCollectionUnknown, useCollection } from '../../../lib/api/collection';
import { type CollectionLayout, type CollectionSection, LAYOUT_SECTIONS } from '../collection-layout';
import { CollectionHeader } from './collection-header';
import { CollectionStats } from './collection-stats';
import { FloorHistorySection } from './floor-history-section';
import { HoldersSection } from './holders-section';
import { ListingsSection } from './listings-section';
import { Awaiting } from './awaiting';
import { SectionTabs } from './section-tabs';
import { TradesSection } from './trades-section';

/** Side-by-side sections from here up; below, tabs. */
export const DESKTOP_MIN_PX = 1024;

/** Longest piece of a malformed id echoed back, so a pasted essay does not fill the page. */
const SHOWN_ID_MAX = 64;

// Tall sections fill the window below the app header, the page's own header (and stats, or tabs on phones) and
// the fixed bottom bar, so their tables scroll inside them rather than the page.
const HEIGHT = {
  lead: 'h-[34rem]',
  below: 'h-96',
  compact: 'h-[calc(100dvh-9rem)] min-h-96',
  single: 'h-[calc(100dvh-15rem)] min-h-96',
  phone: 'h-[calc(100dvh-8rem)] min-h-80',
} as const;

type CollectionPageProps = { layout: CollectionLayout };

/** /collection/:id and its variants: one collection's stats, listings, trades, floor history and holders. */
export function CollectionPage({ layout }: CollectionPageProps) {
  const { id = '' } = useParams();
  if (!isHexAddress(id)) return <CollectionNotFound id={id} reason="malformed" />;
  const address = normalizeAddress(id);
  // Keyed by address: another collection starts with fresh selections and a fresh trades feed.
  return <CollectionView key={address} address={address} layout={layout} />;
}

function CollectionView({ address, layout }: { address: string; layout: CollectionLayout }) {
  const { t } = useTranslation();
  const { data, error, refetch } = useCollection(address);
  const desktop = useMinWidth(DESKTOP_MIN_PX);

  if (!data) {
    if (isCollectionUnknown(error)) return <CollectionNotFound id={address} reason="unknown" />;
    if (!error) return <Awaiting failed={false} />;
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-16 text-center">
        <p className="text-danger">{t('collection.load_failed')}</p>
        <button type="button" onClick={() => void refetch()} className="button-primary">
          {t('collection.retry')}
        </button>
      </div>
    );
  }

  const sections = LAYOUT_SECTIONS[layout];
  const compact = layout === 'compact';
  const statsBeside = compact && desktop;
  const stats = <CollectionStats collection={data} />;
  return (
    <div className={clsx('mx-auto flex w-full max-w-[1600px] flex-col px-2 py-3 sm:px-4', compact ? 'gap-2' : 'gap-3')}>
      <CollectionHeader collection={data} dense={compact} />
      {!statsBeside && stats}
      {sections.length === 1 && <Section name={sections[0]!} address={address} className={HEIGHT.single} />}
      {sections.length > 1 && !desktop && (
        <SectionTabs sections={sections}>
          {(section) => (
            <Section name={section} address={address} className={section === 'chart' ? HEIGHT.below : HEIGHT.phone} />
          )}
        </SectionTabs>
      )}
      {sections.length > 1 && desktop && (
        <DesktopSections
          sections={sections}
          address={address}
          beside={statsBeside ? stats : null}
          height={compact ? HEIGHT.compact : HEIGHT.lead}
        />
      )}
    </div>
  );
}

type DesktopSectionsProps = {
  sections: readonly CollectionSection[];
  address: string;
  /** A column left of the first two sections (the compact layout's stats). */
  beside: ReactNode;
  height: string;
};

/** The first two sections side by side, any others in a row below. */
function DesktopSections({ sections, address, beside, height }: DesktopSectionsProps) {
  const [lead, second, ...below] = sections;
  return (
    <>
      <div
        className={clsx(
          'grid gap-2',
          beside ? 'grid-cols-[14rem_minmax(0,1fr)_minmax(0,1fr)]' : 'grid-cols-[minmax(0,1fr)_minmax(0,1fr)]',
        )}
      >
        {beside}
        <Section name={lead!} address={address} className={height} />
        <Section name={second!} address={address} className={height} />
      </div>
      {below.length > 0 && (
        <div className="grid grid-cols-2 gap-2">
          {below.map((section) => (
            <Section key={section} name={section} address={address} className={HEIGHT.below} />
          ))}
        </div>
      )}
    </>
  );
}

type SectionProps = { name: CollectionSection; address: string; className: string };

function Section({ name, address, className }: SectionProps) {
  switch (name) {
    case 'listings':
      return <ListingsSection address={address} className={className} />;
    case 'trades':
      return <TradesSection address={address} className={className} />;
    case 'chart':
      return <FloorHistorySection address={address} className={className} />;
    case 'holders':
      return <HoldersSection address={address} className={className} />;
  }
}

type CollectionNotFoundProps = { id: string; reason: 'malformed' | 'unknown' };

/** A path that names no collection FloorDesk knows: said plainly, with a way back. */
function CollectionNotFound({ id, reason }: CollectionNotFoundProps) {
  const { t } = useTranslation();
  const shown = id.length > SHOWN_ID_MAX ? `${id.slice(0, SHOWN_ID_MAX)}…` : id;
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-start gap-3 px-4 py-16">
      <SearchX size={28} className="text-faint" aria-hidden />
      <h1 className="text-lg font-semibold text-fg">{t('collection.not_found.title')}</h1>
      <p className="break-all text-muted">{t(`collection.not_found.${reason}`, { id: shown })}</p>
      <Link to={DEFAULT_SIGNED_IN_PATH} className="button-primary">
        {t('page.back_home')}
      </Link>
    </div>
  );
}

// Plain function components, as the route table's lazy pages are.
type LayoutPage = () => ReactElement;

function withLayout(layout: CollectionLayout): LayoutPage {
  return function CollectionLayoutPage() {
    return <CollectionPage layout={layout} />;
  };
}

/** The page of each layout, for the route table. */
export const collectionPages: Record<CollectionLayout, LayoutPage> = {
  full: withLayout('full'),
  summary: withLayout('summary'),
  compact: withLayout('compact'),
  listings: withLayout('listings'),
  trades: withLayout('trades'),
};
