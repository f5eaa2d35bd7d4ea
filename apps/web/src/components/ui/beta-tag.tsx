import { useTranslation } from 'react-i18next';

export function BetaTag() {
  const { t } = useTranslation();
  return (
    <span className="rounded-sm border border-accent/40 px-1 text-[10px] font-semibold leading-4 tracking-wide text-accent">
      {t('menu.beta')}
    </span>
  );
}
