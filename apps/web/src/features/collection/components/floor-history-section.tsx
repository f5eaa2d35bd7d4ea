import { FLOOR_HISTORY_RANGES, type FloorHistoryRange } from '@floordesk/protocol';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFloorHistory } from '../api/get-floor-history';
import { SectionPanel } from '../../../components/ui/section-panel';
import { Awaiting } from './awaiting';
import { Segmented } from '../../../components/ui/segmented';

// lightweight-charts is the heaviest library here: it loads with the chart, never with the app's first page.
const FloorChart = lazy(() => import('./floor-chart'));

const RANGES = Object.keys(FLOOR_HISTORY_RANGES) as FloorHistoryRange[];
const DEFAULT_RANGE: FloorHistoryRange = '1d';

type FloorHistorySectionProps = { address: string; className?: string };

/** The floor over a chosen range, with the volume traded in each bucket beneath it. */
export function FloorHistorySection({ address, className }: FloorHistorySectionProps) {
  const { t } = useTranslation();
  const [range, setRange] = useState<FloorHistoryRange>(DEFAULT_RANGE);
  const { data, isError } = useFloorHistory(address, range);
  return (
    <SectionPanel
      title={t('collection.section.chart')}
      className={className}
      aside={
        <Segmented
          label={t('collection.chart.range')}
          options={RANGES}
          value={range}
          onChange={setRange}
          labelOf={(option) => t(`collection.range.${option}`)}
          className="ml-auto"
        />
      }
    >
      {data ? (
        <Suspense fallback={<Awaiting failed={false} />}>
          <FloorChart points={data.list} />
        </Suspense>
      ) : (
        <Awaiting failed={isError} />
      )}
    </SectionPanel>
  );
}
