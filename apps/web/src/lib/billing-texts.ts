import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import en from '../locales/billing/en.json';
import zh from '../locales/billing/zh.json';
import { i18n } from './i18n';

type Leaves<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}` }[keyof T & string];
/** A plural's forms (`days_one`, `days_other`) are one key, whose form `count` picks. */
type Singular<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;

/**
 * A key of the billing texts. They are checked against locales/billing/en.json here rather than in i18next.d.ts:
 * one more file in the app-wide key types takes them past TypeScript's instantiation depth.
 */
export type BillingKey = Singular<Leaves<typeof en>>;
export type BillingT = (key: BillingKey, values?: Record<string, string | number>) => string;

/**
 * Adds the words of the plans, sale and payment verification pages to i18n; each of those pages calls it as it
 * loads, so no first page carries them (the alert texts' pattern, alert-texts.ts).
 */
export function loadBillingTexts(): void {
  if (i18n.exists('billing.plans.pay')) return;
  i18n.addResourceBundle('en', 'translation', en, true, false);
  i18n.addResourceBundle('zh', 'translation', zh, true, false);
}

type Untyped = (key: string, values?: object) => unknown;

/** The billing texts in the current language, outside React (the pay flow's messages). */
export const billingText: BillingT = (key, values) => String((i18n.t as unknown as Untyped)(key, values));

/** The billing texts' `t`: it changes with the language, so a view using it re-renders in the new one. */
export function useBillingTexts(): BillingT {
  const { t } = useTranslation();
  return useMemo(() => {
    const translate = t as unknown as Untyped;
    return (key, values) => String(translate(key, values));
  }, [t]);
}
