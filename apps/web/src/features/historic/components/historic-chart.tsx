import type { FloorPoint } from '@floordesk/protocol';
import {
  type AutoscaleInfoProvider,
  LastPriceAnimationMode,
  LineSeries,
  type SeriesPartialOptionsMap,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { chartEth, createVolumeChart, ETH_LINE_OPTIONS, type VolumeChart } from '../../../lib/chart';
import { formatChange } from '../../../lib/format';

export type ChartScale = 'eth' | 'percent';
export type ChartLine = { address: string; colour: string; points: readonly FloorPoint[] };

type HistoricChartProps = { lines: readonly ChartLine[]; scale: ChartScale; label: string };

/** A line's values: its floor in ETH, or its change in percent from its first known floor in the range. */
function lineData(points: readonly FloorPoint[], scale: ChartScale) {
  const base = points.find((point) => point.floor !== null)?.floor ?? null;
  return points.map((point) => {
    const time = point.time as UTCTimestamp;
    if (point.floor === null || base === null) return { time };
    const value =
      scale === 'eth'
        ? chartEth(point.floor)
        : Number((BigInt(point.floor) * 1_000_000n) / BigInt(base)) / 10_000 - 100;
    return { time, value };
  });
}

/**
 * The percent axis spans at least this many points: lines that barely moved (a quiet week, a fresh devnet) would
 * otherwise be zoomed in until every label read 0.0 %.
 */
const MIN_PERCENT_SPAN = 2;

const atLeastPercentSpan: AutoscaleInfoProvider = (base) => {
  const info = base();
  if (info?.priceRange == null) return info;
  const { minValue, maxValue } = info.priceRange;
  const pad = Math.max(0, MIN_PERCENT_SPAN - (maxValue - minValue)) / 2;
  return { ...info, priceRange: { minValue: minValue - pad, maxValue: maxValue + pad } };
};

const SCALE_OPTIONS: Record<ChartScale, SeriesPartialOptionsMap['Line']> = {
  eth: ETH_LINE_OPTIONS,
  // Labelled as the legend writes a change; ticks a tenth of a point apart, so no two of them read the same.
  percent: {
    priceFormat: { type: 'custom', formatter: formatChange, minMove: 0.1 },
    autoscaleInfoProvider: atLeastPercentSpan,
    // The legend shows each line's change; tags of several lines would cover the axis labels.
    lastValueVisible: false,
  },
};

/** The range's volume of every line together, bucket by bucket. */
function volumeData(lines: readonly ChartLine[]) {
  const totals = new Map<number, bigint>();
  for (const line of lines) {
    for (const point of line.points) totals.set(point.time, (totals.get(point.time) ?? 0n) + BigInt(point.volume));
  }
  return [...totals]
    .toSorted(([a], [b]) => a - b)
    .map(([time, wei]) => ({ time: time as UTCTimestamp, value: chartEth(wei.toString()) }));
}

/**
 * Several collections' floors on one time axis (lightweight-charts), in ETH or in percent from each one's start, with
 * their volume together beneath; follows the theme and its container's size.
 */
export default function HistoricChart({ lines, scale, label }: HistoricChartProps) {
  const container = useRef<HTMLElement>(null);
  const chart = useRef<VolumeChart<undefined> | null>(null);

  useEffect(() => {
    const created = createVolumeChart(container.current!);
    chart.current = created;
    return () => {
      created.remove();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    // Lines come and go with the user's choice: drawn afresh rather than matched up series by series.
    const series = lines.map((line) => {
      const added = current.api.addSeries(LineSeries, {
        color: line.colour,
        lineWidth: 2,
        priceLineVisible: false,
        // Screenshots and e2e runs compare still frames.
        lastPriceAnimation: LastPriceAnimationMode.Disabled,
        ...SCALE_OPTIONS[scale],
      });
      added.setData(lineData(line.points, scale));
      return added;
    });
    current.volume.setData(volumeData(lines));
    current.api.timeScale().fitContent();
    return () => {
      // Unmounting removed the whole chart first.
      if (chart.current !== current) return;
      for (const added of series) current.api.removeSeries(added);
    };
  }, [lines, scale]);

  return <figure ref={container} aria-label={label} data-series={lines.length} className="h-80 w-full sm:h-[420px]" />;
}
