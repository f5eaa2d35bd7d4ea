import { type FieldError, fieldRuleMessages, type Lang } from '@floordesk/protocol';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { z } from 'zod';

const zodLocales: Record<Lang, ReturnType<typeof z.locales.en>> = { en: z.locales.en(), zh: z.locales.zhCN() };
const ownRules = Object.values(fieldRuleMessages);

/**
 * A validation issue as a field error in the caller's language. zod reports in English; our own rules are
 * looked up in the protocol's bilingual table, and zod's built-in ones are rendered again by its locale.
 */
export function fieldError(issue: FastifySchemaValidationError, lang: Lang): FieldError {
  const path = issue.instancePath.slice(1).replaceAll('/', '.');
  const english = issue.message ?? '';
  const own = ownRules.find((rule) => rule.en === english);
  if (own) return { path, message: own[lang] };
  if (lang === 'en') return { path, message: english };
  const rendered = zodLocales[lang].localeError({ ...issue.params, code: issue.keyword } as never);
  const message = typeof rendered === 'string' ? rendered : rendered?.message;
  return { path, message: message ?? english };
}
