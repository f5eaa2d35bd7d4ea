import type { Lang, WhatsNewData } from '@floordesk/protocol';

type Notes = { title: Record<Lang, string>; items: Record<Lang, string[]> };

/**
 * What's New, by build version: the web app shows a version's notes once (`hasOpened{version}`). A build whose
 * version has no notes shows nothing. Add the next version's notes here when it is released.
 */
const RELEASE_NOTES: Record<string, Notes> = {
  '0.2.0': {
    title: { en: "What's new in FloorDesk 0.2", zh: 'FloorDesk 0.2 新功能' },
    items: {
      en: [
        'Subscriptions paid in ETH from your wallet, credited once the chain confirms the payment (Plans).',
        'Trial codes: members hand out three a month; a code gives a friend 7 days of premium (Trial code).',
        'Invitation and community codes lower the price of a first subscription.',
        'Sales pages, and Payment verification showing every payment FloorDesk has on record.',
        'Alerts as chat DMs: trends, wallets, floor prices and reminders.',
      ],
      zh: [
        '用钱包以 ETH 支付订阅，链上确认后即到账（套餐）。',
        '试用码：会员每月可领取 3 个，好友凭码可享 7 天高级会员（试用码）。',
        '邀请码和社区码可降低首次订阅的价格。',
        '促销页面，以及展示 FloorDesk 所记录每笔付款的“支付核验”页面。',
        '聊天私信提醒：趋势、钱包、地板价和自定义提醒。',
      ],
    },
  },
};

export function whatsNew(version: string, lang: Lang): WhatsNewData {
  const notes = RELEASE_NOTES[version];
  return { code: version, title: notes?.title[lang] ?? '', items: notes?.items[lang] ?? [] };
}
