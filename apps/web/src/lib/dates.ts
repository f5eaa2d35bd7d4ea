import dayjs from 'dayjs';
import zhCn from 'dayjs/locale/zh-cn';
import relativeTime from 'dayjs/plugin/relativeTime';
import { i18n } from './i18n';

dayjs.extend(relativeTime);
// Registered without switching to it; the language decides below.
dayjs.locale(zhCn, undefined, true);

// Dates load with the first view that shows one, not with the first page, so they take the language i18n has then
// and follow it from there on.
function followLanguage(lang: string | undefined): void {
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
}
followLanguage(i18n.language);
i18n.on('languageChanged', followLanguage);

/** The app's dayjs: relative times, and the language of the app. */
export { dayjs };

/** Unix seconds to local time, `YYYY-MM-DD HH:mm:ss` unless another pattern is given. */
export function formatDate(unixSeconds: number, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  return dayjs.unix(unixSeconds).format(pattern);
}

/** Unix seconds as a relative time in the current language ("3 minutes ago", "3 分钟前"). */
export function fromNow(unixSeconds: number): string {
  return dayjs.unix(unixSeconds).fromNow();
}
