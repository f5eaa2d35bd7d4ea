import type { RaritySummary } from '@floordesk/protocol';
import { TriangleAlert } from 'lucide-react';
import { formatCount, formatPercent } from '../../../lib/format';
import { useRarityTexts } from '../../../lib/rarity-texts';

/**
 * The spec's rarity note: below 100 % metadata coverage the ranks cover only part of the collection, so the page
 * says how much; a collection without ranks says why instead.
 */
export function RarityNote({ summary }: { summary: RaritySummary }) {
  const { t } = useRarityTexts();
  let text: string | null = null;
  if (summary.unranked_reason) text = t(`rarity_views.unranked.${summary.unranked_reason}`);
  else if (summary.coverage < 100) {
    text = t('rarity_views.note', {
      percent: formatPercent(summary.coverage),
      ranked: formatCount(summary.ranked),
      supply: formatCount(summary.supply),
    });
  }
  if (text === null) return null;
  return (
    <p
      role="note"
      data-testid="rarity-note"
      className="flex items-start gap-2 rounded-md border border-warn/40 bg-warn/10 px-3 py-2 text-warn"
    >
      <TriangleAlert size={14} className="mt-0.5 shrink-0" aria-hidden />
      {text}
    </p>
  );
}
