import { isHexAddress, type SimulatorState } from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import type en from '../../../locales/en.json';
import { shortAddress } from '../../../lib/format';
import { Age } from '../../../components/ui/age';
import { NO_VALUE } from '../../../lib/format';
import { Panel, Stat, StatList } from './panel';

const STATE_TONE: Record<SimulatorState['state'], string> = {
  off: 'bg-faint',
  starting: 'bg-warn',
  running: 'bg-accent',
  stopped: 'bg-danger',
};

type ActionKind = keyof typeof en.diagnostics.simulator.kinds;

type SimulatorPanelProps = { simulator: SimulatorState; now: number };

export function SimulatorPanel({ simulator, now }: SimulatorPanelProps) {
  const { t, i18n } = useTranslation();
  const { state, bots, rate_per_min, hot_collection, last_action_at } = simulator;
  // Sorted by kind so that no count changes place between polls.
  const actions = Object.entries(simulator.actions).toSorted(([a], [b]) => a.localeCompare(b));
  // A kind the simulator gained after these words were written is shown as it names it.
  const actionWords = (kind: string) => {
    const key = `diagnostics.simulator.kinds.${kind}`;
    return i18n.exists(key) ? t(key as `diagnostics.simulator.kinds.${ActionKind}`) : kind;
  };
  // Alone on its row in the two-column layout, so it takes the whole row there.
  return (
    <Panel title={t('diagnostics.simulator.title')} className="sm:col-span-2 xl:col-span-1">
      <StatList>
        <Stat label={t('diagnostics.simulator.state')}>
          <span className={`size-1.5 rounded-full ${STATE_TONE[state]}`} aria-hidden />
          {t(`diagnostics.simulator.states.${state}`)}
        </Stat>
        <Stat label={t('diagnostics.simulator.bots')}>{bots}</Stat>
        <Stat label={t('diagnostics.simulator.rate')}>
          {t('diagnostics.simulator.per_min', { rate: Math.round(rate_per_min * 10) / 10 })}
        </Stat>
        <Stat label={t('diagnostics.simulator.hot_collection')}>
          {hot_collection === null ? (
            NO_VALUE
          ) : (
            <span className="truncate" title={hot_collection}>
              {isHexAddress(hot_collection) ? shortAddress(hot_collection) : hot_collection}
            </span>
          )}
        </Stat>
        <Stat label={t('diagnostics.simulator.last_action')}>
          <LastAction at={last_action_at} now={now} />
        </Stat>
        <Stat label={t('diagnostics.simulator.actions')}>
          {actions.length === 0
            ? t('diagnostics.simulator.no_actions')
            : actions.map(([kind, count]) => (
                <span key={kind} className="whitespace-nowrap">
                  <span className="text-faint">{actionWords(kind)}</span> {count}
                </span>
              ))}
        </Stat>
      </StatList>
    </Panel>
  );
}

function LastAction({ at, now }: { at: string | null; now: number }) {
  if (at === null) return NO_VALUE;
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? at : <Age at={Math.floor(ms / 1000)} now={now} />;
}
