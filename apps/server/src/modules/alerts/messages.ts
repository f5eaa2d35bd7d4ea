import type { Lang } from '@floordesk/protocol';
import { formatEther } from 'viem';

/** What a firing tells: the facts of its cause, worded per language when the firing is written. */
export type Firing =
  | { kind: 'trend'; measure: 'trades' | 'listings' | 'pending'; collection: Named; count: number; minutes: number }
  | {
      kind: 'wallet';
      action: 'bought' | 'sold' | 'minted';
      wallet: string;
      collection: Named;
      items: number;
      totalWei: string | null;
      txHash: string;
    }
  | { kind: 'listing'; wallet: string; collection: Named; tokenId: string; priceWei: string }
  | { kind: 'floor'; collection: Named; floorWei: string; crossed: { priceWei: string; direction: 'down' | 'up' }[] }
  | { kind: 'whale'; holder: string; owned: number; listed: number; minutes: number; collection: Named }
  | { kind: 'custom'; at: number; leadMinutes: number };

/** A collection as a DM names it: its name (or address) and its page on FloorDesk. */
export type Named = { name: string; url: string };

/** ETH to at most 6 decimals (a floor of 0.0001 stays readable), trailing zeros dropped. */
function eth(wei: string): string {
  const [whole, fraction = ''] = formatEther(BigInt(wei)).split('.');
  const kept = fraction.slice(0, 6).replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : (whole ?? '0');
}

/**
 * Discord's timestamp markup: each reader's client shows it in their own time zone and language, which a server
 * writing the DM cannot know.
 */
const when = (unix: number, style: 'f' | 'R') => `<t:${unix}:${style}>`;
const link = (collection: Named) => `[${collection.name}](${collection.url})`;

type Wording = {
  test(at: Date): string;
  firing(title: string, firing: Firing): string;
  paused: { title: string; body: string };
};

/** Every DM FloorDesk sends, in both languages: bold alert name first, then what happened. */
export const chatMessages: Record<Lang, Wording> = {
  en: {
    test: (at) =>
      `FloorDesk test message (${when(Math.floor(at.getTime() / 1000), 'f')}): your alerts will arrive here.`,
    firing: (title, firing) => `**${title}**\n${describeEn(firing)}`,
    paused: {
      title: 'Alert DMs paused',
      body: 'The chat bot could not send you a direct message: your DMs are closed to it. Your alerts are paused. Allow DMs from the server’s members, then press Test in Alerts.',
    },
  },
  zh: {
    test: (at) => `FloorDesk 测试消息（${when(Math.floor(at.getTime() / 1000), 'f')}）：你的提醒将发送到这里。`,
    firing: (title, firing) => `**${title}**\n${describeZh(firing)}`,
    paused: {
      title: '提醒私信已暂停',
      body: '聊天机器人无法向你发送私信：你关闭了它的私信。你的提醒已暂停。请允许服务器成员向你发送私信，然后在提醒中点击测试。',
    },
  },
};

function describeEn(firing: Firing): string {
  switch (firing.kind) {
    case 'trend': {
      const what = { trades: 'trades', listings: 'new listings', pending: 'pending buys in the mempool' }[
        firing.measure
      ];
      return `${link(firing.collection)}: ${firing.count} ${what} in the last ${firing.minutes} min.`;
    }
    case 'wallet': {
      const total = firing.totalWei === null ? '' : ` for ${eth(firing.totalWei)} ETH`;
      return `${firing.wallet} ${firing.action} ${firing.items} × ${link(firing.collection)}${total}. Tx ${firing.txHash}`;
    }
    case 'listing':
      return `${firing.wallet} listed ${link(firing.collection)} #${firing.tokenId} for ${eth(firing.priceWei)} ETH.`;
    case 'floor': {
      const crossed = firing.crossed
        .map((c) => `${c.direction === 'down' ? 'fell below' : 'rose to'} ${eth(c.priceWei)} ETH`)
        .join(', ');
      return `${link(firing.collection)} floor ${crossed}: now ${eth(firing.floorWei)} ETH.`;
    }
    case 'whale':
      return `${firing.holder} (holds ${firing.owned}) listed ${firing.listed} of ${link(firing.collection)} in the last ${firing.minutes} min.`;
    case 'custom':
      return `Starts ${when(firing.at, 'R')} (${when(firing.at, 'f')}); reminder ${firing.leadMinutes} min ahead.`;
  }
}

function describeZh(firing: Firing): string {
  switch (firing.kind) {
    case 'trend': {
      const what = { trades: '笔成交', listings: '个新挂单', pending: '笔内存池待确认购买' }[firing.measure];
      return `${link(firing.collection)}：最近 ${firing.minutes} 分钟 ${firing.count} ${what}。`;
    }
    case 'wallet': {
      const action = { bought: '买入', sold: '卖出', minted: '铸造' }[firing.action];
      const total = firing.totalWei === null ? '' : `，共 ${eth(firing.totalWei)} ETH`;
      return `${firing.wallet} ${action} ${firing.items} 个 ${link(firing.collection)}${total}。交易 ${firing.txHash}`;
    }
    case 'listing':
      return `${firing.wallet} 以 ${eth(firing.priceWei)} ETH 挂单 ${link(firing.collection)} #${firing.tokenId}。`;
    case 'floor': {
      const crossed = firing.crossed
        .map((c) => `${c.direction === 'down' ? '跌破' : '升至'} ${eth(c.priceWei)} ETH`)
        .join('，');
      return `${link(firing.collection)} 地板价${crossed}：当前 ${eth(firing.floorWei)} ETH。`;
    }
    case 'whale':
      return `${firing.holder}（持有 ${firing.owned} 个）在最近 ${firing.minutes} 分钟挂单 ${firing.listed} 个 ${link(firing.collection)}。`;
    case 'custom':
      return `${when(firing.at, 'R')}开始（${when(firing.at, 'f')}），提前 ${firing.leadMinutes} 分钟提醒。`;
  }
}
