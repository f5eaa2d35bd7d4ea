import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '../routes';

const PRODUCT = 'FloorDesk';

/** "Trending - FloorDesk", in the chosen language, following language changes. */
export function useDocumentTitle(name: RouteName): void {
  const { t } = useTranslation();
  const title = t(`route.${name}.title`);
  useEffect(() => {
    document.title = `${title} - ${PRODUCT}`;
  }, [title]);
}
