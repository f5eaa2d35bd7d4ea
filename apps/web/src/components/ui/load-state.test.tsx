import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadingOrFailed } from './load-state';

describe('a list awaiting its first answer', () => {
  it('spins while the call is on its way, and once it failed says why and asks again on retry', async () => {
    const refetch = vi.fn<() => void>();
    const texts = { message: 'The list could not be loaded.', retry: 'Try again' };
    const { rerender } = render(<LoadingOrFailed query={{ isError: false, refetch }} {...texts} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();

    rerender(<LoadingOrFailed query={{ isError: true, refetch }} {...texts} />);
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByText(texts.message)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: texts.retry }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
