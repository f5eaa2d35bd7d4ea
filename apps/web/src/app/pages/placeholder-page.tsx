import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/ui/page-frame';
import { useCurrentRoute } from '../use-current-route';

/** The frame of a page a later issue fills in: its title, what it will show, and nothing pretending to be data. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const { name } = useCurrentRoute();
  return (
    <PageFrame title={t(`route.${name}.title`)} description={t(`route.${name}.description`)}>
      <div className="mt-4 flex h-48 items-center justify-center gap-2 rounded-md border border-dashed border-line text-faint">
        <Construction size={16} aria-hidden />
        <span>{t('page.coming')}</span>
      </div>
    </PageFrame>
  );
}
