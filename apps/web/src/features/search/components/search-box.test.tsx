import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toastStore } from '../../../components/ui/toast/toast-store';
import { SearchBox } from './search-box';

describe('search box', () => {
  it('asks for key words when submitted empty', async () => {
    render(<SearchBox />);
    await userEvent.type(screen.getByPlaceholderText('Search by address or name'), '   {Enter}');
    expect(toastStore.getState().toast?.message).toBe('Please enter correct key words.');
  });
});
