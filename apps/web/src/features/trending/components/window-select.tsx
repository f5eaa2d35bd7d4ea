import { TRENDING_WINDOWS, type TrendingWindow } from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../../components/ui/segmented';
import { trendingWindowStore, useTrendingWindow } from '../trending-window-store';

/** The eight trending windows as one row of buttons; the choice is remembered by its id. */
export function WindowSelect() {
  const { t } = useTranslation();
  const selected = useTrendingWindow();
  return (
    <Segmented<TrendingWindow>
      label={t('trending.windows')}
      options={TRENDING_WINDOWS}
      value={selected}
      onChange={(minutes) => trendingWindowStore.getState().set(TRENDING_WINDOWS.indexOf(minutes))}
      labelOf={(minutes) => t(`market.window.${minutes}`)}
    />
  );
}
