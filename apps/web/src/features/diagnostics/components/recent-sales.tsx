import type { Diagnostics } from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import { formatEth, shortAddress } from '../../../lib/format';
import { Age } from '../../../components/ui/age';
import { NO_VALUE } from '../../../lib/format';
import { Panel } from './panel';

type RecentSalesProps = { sales: Diagnostics['recent_sales']; now: number };

const cell = 'px-3 py-1.5 whitespace-nowrap';

export function RecentSales({ sales, now }: RecentSalesProps) {
  const { t } = useTranslation();
  return (
    <Panel title={t('diagnostics.sales.title')} className="sm:col-span-2 xl:col-span-3">
      {sales.length === 0 ? (
        <p className="px-3 py-6 text-center text-faint">{t('diagnostics.sales.empty')}</p>
      ) : (
        // The table scrolls inside its panel so that a narrow screen never scrolls the page sideways.
        <div className="overflow-x-auto">
          <table className="w-full min-w-[620px]">
            <thead className="text-left text-[11px] text-faint">
              <tr className="border-b border-line">
                <th className={`${cell} font-medium`}>{t('diagnostics.sales.collection')}</th>
                <th className={`${cell} font-medium`}>{t('diagnostics.sales.token')}</th>
                <th className={`${cell} text-right font-medium`}>{t('diagnostics.sales.price')}</th>
                <th className={`${cell} font-medium`}>{t('diagnostics.sales.marketplace')}</th>
                <th className={`${cell} text-right font-medium`}>{t('diagnostics.sales.block')}</th>
                <th className={`${cell} text-right font-medium`}>{t('diagnostics.sales.time')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line/60">
              {sales.map((sale) => (
                <tr key={`${sale.tx_hash}:${sale.collection}:${sale.token_id}`} className="hover:bg-raised">
                  <td className={`${cell} max-w-56 truncate text-fg`} title={sale.collection}>
                    {sale.name ?? shortAddress(sale.collection)}
                  </td>
                  <td className={`${cell} max-w-32 truncate text-muted`} title={sale.token_id}>
                    #{sale.token_id}
                  </td>
                  <td className={`${cell} text-right text-accent`}>{formatEth(sale.price_wei)}</td>
                  <td className={`${cell} text-muted`}>
                    {sale.marketplace ? t(`market.marketplace.${sale.marketplace}`) : NO_VALUE}
                  </td>
                  <td className={`${cell} text-right text-muted`} title={sale.tx_hash}>
                    {sale.block_number}
                  </td>
                  <td className={`${cell} text-right`}>
                    <Age at={sale.timestamp} now={now} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
