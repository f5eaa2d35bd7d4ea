import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/ui/page-frame';
import { DEFAULT_SIGNED_IN_PATH } from '../../lib/redirect';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('route.notFound.title')} description={t('route.notFound.description')}>
      <div className="mt-6 flex flex-col items-start gap-3">
        <span className="font-mono text-5xl font-semibold tabular-nums text-faint">404</span>
        <Link to={DEFAULT_SIGNED_IN_PATH} className="button-primary">
          {t('page.back_home')}
        </Link>
      </div>
    </PageFrame>
  );
}
