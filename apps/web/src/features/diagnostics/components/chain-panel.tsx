import type { Diagnostics } from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import { shortAddress } from '../../../lib/format';
import { Age } from '../../../components/ui/age';
import { NO_VALUE } from '../../../lib/format';
import { Panel, Stat, StatList } from './panel';

/** More blocks than this between the chain head and the indexer cursor is worth a look. */
export const LAG_WARN_BLOCKS = 5;

type ChainPanelProps = { diagnostics: Diagnostics; now: number };

export function ChainPanel({ diagnostics, now }: ChainPanelProps) {
  const { t } = useTranslation();
  const { chain_id, head, cursor, lag_blocks } = diagnostics;
  const lagging = lag_blocks !== null && lag_blocks > LAG_WARN_BLOCKS;
  return (
    <Panel title={t('diagnostics.chain.title')}>
      <StatList>
        <Stat label={t('diagnostics.chain.chain_id')}>{chain_id}</Stat>
        <Stat label={t('diagnostics.chain.head')}>
          {head ? (
            <>
              <span>#{head.number}</span>
              <span className="text-muted" title={head.hash}>
                {shortAddress(head.hash)}
              </span>
              <Age at={head.timestamp} now={now} />
            </>
          ) : (
            NO_VALUE
          )}
        </Stat>
        <Stat label={t('diagnostics.chain.cursor')}>{cursor ? `#${cursor.number}` : NO_VALUE}</Stat>
        <Stat label={t('diagnostics.chain.lag')} warn={lagging}>
          {lagging && (
            <span className="rounded-sm border border-warn/50 px-1 text-[10px] leading-4 font-semibold uppercase">
              {t('diagnostics.chain.behind')}
            </span>
          )}
          <span>{lag_blocks ?? NO_VALUE}</span>
        </Stat>
      </StatList>
    </Panel>
  );
}
