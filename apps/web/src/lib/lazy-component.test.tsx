import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent, lazyWhenOpen } from './lazy-component';

type PanelProps = { open: boolean; label: string };

function Panel({ open, label }: PanelProps) {
  return <p>{`${label}: ${open ? 'open' : 'closed'}`}</p>;
}

describe('lazy components', () => {
  it('loads a component when first rendered and shows it with its props', async () => {
    const load = vi.fn<() => Promise<typeof Panel>>(async () => Panel);
    const LazyPanel = lazyComponent(load);
    expect(load).not.toHaveBeenCalled();

    render(<LazyPanel open label="Menu" />);
    expect(await screen.findByText('Menu: open')).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });

  it('loads a dialog only once it opens, and keeps it mounted when it closes', async () => {
    const load = vi.fn<() => Promise<typeof Panel>>(async () => Panel);
    const LazyPanel = lazyWhenOpen(load, ({ open }: PanelProps) => open);

    const { container, rerender } = render(<LazyPanel open={false} label="Calendar" />);
    expect(container.innerHTML).toBe('');
    expect(load).not.toHaveBeenCalled();

    rerender(<LazyPanel open label="Calendar" />);
    expect(await screen.findByText('Calendar: open')).toBeTruthy();

    rerender(<LazyPanel open={false} label="Calendar" />);
    expect(screen.getByText('Calendar: closed')).toBeTruthy();
    rerender(<LazyPanel open label="Calendar" />);
    expect(screen.getByText('Calendar: open')).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });
});
