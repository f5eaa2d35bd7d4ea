import * as Popover from '@radix-ui/react-popover';
import type { ReactElement, ReactNode } from 'react';
import { type Panel, setPanelOpen, usePanelOpen } from '../../stores/panels-store';

type BarPopoverProps = {
  /** Which of the panels that close each other it is. */
  panel: Panel;
  /** The button that opens it. */
  trigger: ReactElement;
  /** Its name for screen readers, when the trigger's is not enough. */
  label?: string;
  children: ReactNode;
};

/** A popover rising from the collapsed bottom bar: the more-menu and the sweep. */
export function BarPopover({ panel, trigger, label, children }: BarPopoverProps) {
  const open = usePanelOpen(panel);
  return (
    <Popover.Root open={open} onOpenChange={(next) => setPanelOpen(panel, next)}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={8}
          aria-label={label}
          className="z-40 flex w-[min(320px,calc(100vw-16px))] flex-col gap-2 rounded-md border border-line bg-panel p-2 shadow-2xl"
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
