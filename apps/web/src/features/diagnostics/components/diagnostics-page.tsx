import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/ui/page-frame';
import { DIAGNOSTICS_POLL_MS, DiagnosticsError, type DiagnosticsFailure, useDiagnostics } from '../api/get-diagnostics';
import { ChainPanel } from './chain-panel';
import { RecentSales } from './recent-sales';
import { SimulatorPanel } from './simulator-panel';
import { TotalsPanel } from './totals-panel';

/** /dataTest: the devnet market as the server sees it, polled while the page is visible. */
export default function DiagnosticsPage() {
  const { t } = useTranslation();
  const { data, error, dataUpdatedAt } = useDiagnostics();
  // Ages are measured at the last answer, so they move with each poll and stop when polling fails.
  const now = Math.floor(dataUpdatedAt / 1000);

  return (
    <PageFrame title={t('route.dataTest.title')} description={t('route.dataTest.description')}>
      <div className="mt-3 font-mono text-[12px]">
        <PollStatus error={error} />
        {data ? (
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2 xl:grid-cols-3">
            <ChainPanel diagnostics={data} now={now} />
            <TotalsPanel diagnostics={data} />
            <SimulatorPanel simulator={data.simulator} now={now} />
            <RecentSales sales={data.recent_sales} now={now} />
          </div>
        ) : (
          !error && (
            <div className="flex items-center justify-center gap-2 py-24 text-faint">
              <LoaderCircle size={16} className="animate-spin" aria-hidden />
              <span>{t('app.loading')}</span>
            </div>
          )
        )}
      </div>
    </PageFrame>
  );
}

function PollStatus({ error }: { error: Error | null }) {
  const { t } = useTranslation();
  const seconds = DIAGNOSTICS_POLL_MS / 1000;
  if (!error) {
    return (
      <p className="flex items-center gap-2 text-faint">
        <span className="size-1.5 animate-pulse rounded-full bg-accent" aria-hidden />
        {t('diagnostics.live', { seconds })}
      </p>
    );
  }

  const status = error instanceof DiagnosticsError ? error.status : 0;
  function message(failure: DiagnosticsFailure): string {
    switch (failure) {
      case 'network':
        return t('diagnostics.error.network', { seconds });
      case 'http':
        return t('diagnostics.error.http', { seconds, status });
      case 'invalid':
        return t('diagnostics.error.invalid', { seconds });
    }
  }
  return (
    <p role="alert" className="flex items-start gap-2 text-danger">
      <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-danger" aria-hidden />
      {message(error instanceof DiagnosticsError ? error.failure : 'network')}
    </p>
  );
}
