import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/ui/page-frame';
import { CalendarSection } from '../../features/calendar/components/calendar-section';
import { MintingSection } from '../../features/discover/components/minting-section';

/** /discover, composed here because it joins two features: what is minting now, and the calendar beside it. */
export default function DiscoverPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('route.discover.title')} description={t('route.discover.description')}>
      <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_380px]">
        <MintingSection />
        <CalendarSection />
      </div>
    </PageFrame>
  );
}
