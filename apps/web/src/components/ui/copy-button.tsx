import { clsx } from 'clsx';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { showToast } from './toast/toast-store';

const COPIED_MS = 1500;

type CopyButtonProps = {
  value: string;
  /** What the button does ('Copy address'), and what it says for a moment once it has ('Copied'). */
  label: string;
  copiedLabel: string;
  /** Toasted when the clipboard refuses (a page on plain http has none); without it, nothing is said. */
  failedLabel?: string;
  /** The 28 px button of a page's own rows, rather than the 24 px one of dense ones. */
  large?: boolean;
};

/** Copies `value` to the clipboard and shows a tick for a moment. */
export function CopyButton({ value, label, copiedLabel, failedLabel, large = false }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  function copy() {
    const written = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
    written.then(
      () => setCopied(true),
      () => {
        if (failedLabel) showToast(failedLabel);
      },
    );
  }

  const name = copied ? copiedLabel : label;
  const iconSize = large ? 14 : 12;
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={name}
      title={name}
      className={clsx('icon-button', large ? 'size-7' : 'size-6')}
    >
      {copied ? <Check size={iconSize} className="text-accent" aria-hidden /> : <Copy size={iconSize} aria-hidden />}
    </button>
  );
}
