import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/dates';
import { DiscordMarkup } from './discord-markup';

describe('DiscordMarkup', () => {
  it('shows bold, links and timestamps as Discord does, and the rest as text', () => {
    const content =
      '**Floor watch**\n[Cool Cats](http://floordesk.test/collection/0xca) floor <t:1900000000:f> <script>';
    const { container } = render(
      <p>
        <DiscordMarkup content={content} />
      </p>,
    );
    expect(screen.getByText('Floor watch').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Cool Cats' }).getAttribute('href')).toBe(
      'http://floordesk.test/collection/0xca',
    );
    expect(container.querySelector('time')?.textContent).toBe(formatDate(1_900_000_000, 'YYYY-MM-DD HH:mm'));
    expect(container.textContent).toContain('<script>');
    expect(container.querySelector('script')).toBeNull();
  });

  it('sets a timestamp flush between its parentheses, with no padding that reads as spaces', () => {
    const { container } = render(
      <p>
        <DiscordMarkup content="FloorDesk test message (<t:1900000000:f>): your alerts will arrive here." />
      </p>,
    );
    const time = container.querySelector('time');
    expect(container.textContent).toBe(
      `FloorDesk test message (${formatDate(1_900_000_000, 'YYYY-MM-DD HH:mm')}): your alerts will arrive here.`,
    );
    expect(time?.className).not.toMatch(/(^|\s)p[xlr]?-/);
  });

  it('leaves a link to anything but http(s) as text', () => {
    const { container } = render(
      <p>
        <DiscordMarkup content="[click](javascript:alert(1))" />
      </p>,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('[click](javascript:alert(1))');
  });
});
