import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast/toast-store';

const COPIED_MS = 1500;

/** Copies an address to the clipboard and says so for a moment. */
export function CopyButton({ value }: { value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  function copy() {
    navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => showToast(t('collection.copy_failed')),
    );
  }

  const label = t(copied ? 'collection.copied' : 'collection.copy_address');
  return (
    <button type="button" onClick={copy} aria-label={label} title={label} className="icon-button size-6">
      {copied ? <Check size={12} className="text-accent" aria-hidden /> : <Copy size={12} aria-hidden />}
    </button>
  );
}
