import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/ui/page-frame';
import { TrendingList } from './trending-list';

/** /trending: the full trending table. */
export default function TrendingPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('route.trending.title')} description={t('route.trending.description')}>
      <TrendingList compact={false} />
    </PageFrame>
  );
}
