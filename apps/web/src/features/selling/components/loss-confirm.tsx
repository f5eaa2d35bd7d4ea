import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatEth } from '../../../lib/format';
import type { Loss } from '../sell-rows';
import { useSellTexts } from '../sell-texts';

type LossConfirmProps = { open: boolean; losses: readonly Loss[]; onConfirm: () => void; onCancel: () => void };

/** The second "yes" a losing price needs: each token's loss in ETH, against the floor and against its cost. */
export function LossConfirm({ open, losses, onConfirm, onCancel }: LossConfirmProps) {
  const { t } = useSellTexts();
  return (
    <ConfirmDialog
      open={open}
      title={t('sell.confirm.title')}
      description={
        <span className="flex flex-col gap-1.5">
          <span>{t('sell.confirm.intro')}</span>
          <span className="flex max-h-60 flex-col gap-1 overflow-y-auto" data-testid="sell-losses">
            {losses.flatMap(({ token, priceWei, belowFloor, belowCost }) => {
              const values = { token: token.token_id, price: formatEth(priceWei) };
              return [
                belowFloor && (
                  <span key={`${token.collection}:${token.token_id}:floor`} className="text-danger">
                    {t('sell.confirm.below_floor', {
                      ...values,
                      percent: belowFloor.percent,
                      floor: formatEth(belowFloor.floorWei),
                      loss: formatEth(belowFloor.lossWei),
                    })}
                  </span>
                ),
                belowCost && (
                  <span key={`${token.collection}:${token.token_id}:cost`} className="text-danger">
                    {t('sell.confirm.below_cost', {
                      ...values,
                      cost: formatEth(belowCost.costWei),
                      loss: formatEth(belowCost.lossWei),
                    })}
                  </span>
                ),
              ];
            })}
          </span>
        </span>
      }
      ok={t('sell.confirm.ok')}
      cancel={t('sell.confirm.back')}
      busy={false}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
