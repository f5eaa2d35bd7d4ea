import { Fuel } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatGwei, NO_VALUE } from '../../../lib/format';
import { useGasPrice } from '../../../lib/api/gas-price';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

/** Base gas and the ETH price; a dash for a figure that is missing, or stale because the last poll failed. */
export function PriceTicker() {
  const { t } = useTranslation();
  const { data, isError } = useGasPrice();
  const prices = isError ? undefined : data;

  return (
    <dl className="flex shrink-0 items-center gap-3 font-mono text-[12px]">
      <div className="flex items-center gap-1" title={t('bar.gas')}>
        <dt>
          <Fuel size={12} className="text-faint" aria-hidden />
          <span className="sr-only">{t('bar.gas')}</span>
        </dt>
        <dd className="text-fg">
          {prices ? formatGwei(prices.gas_price) : NO_VALUE} <span className="text-faint">Gwei</span>
        </dd>
      </div>
      <div className="flex items-center gap-1" title={t('bar.eth_price')}>
        <dt>
          <span className="text-faint" aria-hidden>
            Ξ
          </span>
          <span className="sr-only">{t('bar.eth_price')}</span>
        </dt>
        <dd className="text-fg">{prices?.eth_price == null ? NO_VALUE : usd.format(prices.eth_price)}</dd>
      </div>
    </dl>
  );
}
