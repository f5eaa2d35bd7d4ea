import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';

/** A plural's forms (`days_one`, `days_other`) are one key, whose form `count` picks. */
type Singular<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;

/** The dotted keys of a texts file: its strings (a plural's forms as one), and its lists (read whole with `list`). */
export type TextKey<T> = {
  [K in keyof T & string]: T[K] extends string
    ? Singular<K>
    : T[K] extends readonly unknown[]
      ? K
      : `${K}.${TextKey<T[K]>}`;
}[keyof T & string];

type TextAt<T, K extends string> = K extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? TextAt<T[Head], Rest>
    : never
  : K extends keyof T
    ? T[K]
    : never;

/** The string at `key` in the current language, with `{{name}}` filled in from `values`. */
export type TextOf<T> = (key: TextKey<T>, values?: Record<string, string | number>) => string;

export type Texts<T> = {
  t: TextOf<T>;
  /** The list at `key` in the current language (the sections of a document), its strings filled in from `values`. */
  list: <K extends TextKey<T>>(key: K, values?: Record<string, string | number>) => TextAt<T, K>;
};

type Untyped = (key: string, options?: object) => unknown;

/**
 * Words that only a lazily loaded screen shows, kept out of the first page's i18n bundle: they join i18n when the
 * module that calls this loads (a page's or a dialog's chunk), as the alert texts do (alert-texts.ts). `zh` must
 * have every key of `en`. `useTexts` is that screen's hook, `text` the same words outside React; their keys are
 * checked against `en`, which the app-wide i18n types (i18next.d.ts) do not know.
 */
export function lazyTexts<T extends object>(en: T, zh: NoInfer<T>): { useTexts: () => Texts<T>; text: TextOf<T> } {
  i18n.addResourceBundle('en', 'translation', en, true, true);
  i18n.addResourceBundle('zh', 'translation', zh, true, true);
  return {
    text: (key, values) => String((i18n.t as unknown as Untyped)(key, values)),
    useTexts() {
      // `t` changes with the language, so a screen using these re-renders in the new one.
      const { t } = useTranslation();
      return useMemo(() => {
        const translate = t as unknown as Untyped;
        return {
          t: (key, values) => String(translate(key, values)),
          list: (key, values) => translate(key, { ...values, returnObjects: true }) as never,
        };
      }, [t]);
    },
  };
}
