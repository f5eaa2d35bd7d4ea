import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useBillingTexts } from '../../../lib/billing-texts';

/** Copies `value` (a code, a transaction hash), then shows a tick. */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const t = useBillingTexts();
  const [copied, setCopied] = useState(false);
  const name = copied ? t('billing.codes.copied') : (label ?? t('billing.codes.copy'));
  return (
    <button
      type="button"
      className="icon-button size-6"
      aria-label={name}
      title={name}
      onClick={() =>
        void navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? <Check size={13} aria-hidden /> : <Copy size={13} aria-hidden />}
    </button>
  );
}
