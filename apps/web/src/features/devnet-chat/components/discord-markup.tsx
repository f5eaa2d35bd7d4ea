import type { ReactNode } from 'react';
import { formatDate, fromNow } from '../../../lib/dates';

/** The markup FloorDesk's DMs use: **bold**, [text](url) links and Discord timestamps `<t:unix:f>` / `<t:unix:R>`. */
const TOKEN = /\*\*(.+?)\*\*|\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)|<t:(\d{1,12}):([fR])>/g;

/**
 * A DM as Discord's client shows it: bold, links, and timestamps in the reader's own time zone and language (which the
 * server writing the DM cannot know). Anything else stays the text it is; links open outside the page.
 */
export function DiscordMarkup({ content }: { content: string }): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of content.matchAll(TOKEN)) {
    const [whole, bold, linkText, href, unix, style] = match;
    if (match.index > last) nodes.push(content.slice(last, match.index));
    const key = match.index;
    if (bold !== undefined) nodes.push(<strong key={key}>{bold}</strong>);
    else if (linkText !== undefined && href !== undefined) {
      nodes.push(
        <a
          key={key}
          href={href}
          target="_blank"
          rel="noreferrer"
          className="text-accent underline-offset-2 hover:underline"
        >
          {linkText}
        </a>,
      );
    } else if (unix !== undefined) {
      const seconds = Number(unix);
      nodes.push(
        <time
          key={key}
          dateTime={new Date(seconds * 1000).toISOString()}
          className="underline decoration-faint decoration-dotted underline-offset-2"
        >
          {style === 'R' ? fromNow(seconds) : formatDate(seconds, 'YYYY-MM-DD HH:mm')}
        </time>,
      );
    }
    last = match.index + whole.length;
  }
  if (last < content.length) nodes.push(content.slice(last));
  return nodes;
}
