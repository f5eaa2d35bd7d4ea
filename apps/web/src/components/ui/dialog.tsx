import * as RadixDialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type DialogProps = {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Extra classes for the panel, e.g. a width. */
  className?: string;
  /** Styles for the panel, for sizes that come from constants. */
  style?: CSSProperties;
  children?: ReactNode;
};

/** A modal in the terminal's look; closable only when `onOpenChange` is given. */
export function Dialog({ open, onOpenChange, title, description, className, style, children }: DialogProps) {
  const { t } = useTranslation();
  const closable = onOpenChange !== undefined;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-[1px]" />
        <RadixDialog.Content
          onEscapeKeyDown={closable ? undefined : (event) => event.preventDefault()}
          onPointerDownOutside={closable ? undefined : (event) => event.preventDefault()}
          style={style}
          className={clsx(
            'fixed left-1/2 top-20 z-50 w-[calc(100vw-24px)] max-w-md -translate-x-1/2 rounded-md border border-line bg-panel p-4 shadow-2xl',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <RadixDialog.Title className="flex items-center gap-2 text-[15px] font-semibold text-fg">
                {title}
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-muted">{description}</RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            {closable && (
              <RadixDialog.Close className="icon-button -mr-1 -mt-1" aria-label={t('dialog.close')}>
                <X size={16} />
              </RadixDialog.Close>
            )}
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
