import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactElement } from 'react';

type HintProps = {
  text: string;
  /** A focusable element (a button), so that keyboard users reach the hint too. */
  children: ReactElement;
};

/** A short explanation shown on hover and focus; a line break in `text` starts a new line. */
export function Hint({ text, children }: HintProps) {
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="top"
            sideOffset={4}
            collisionPadding={8}
            className="z-50 max-w-64 rounded border border-line bg-raised px-2 py-1 text-[12px] leading-snug font-normal whitespace-pre-line text-fg shadow-lg"
          >
            {text}
            <Tooltip.Arrow className="fill-line" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
