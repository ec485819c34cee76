import { defaultLocale, translateDomainKey, type Locale } from '@ipportal/domain';
import { serverMessages, type ServerMessage } from './messages.js';

/** A message to translate: a domain key (validation.*, apiError.*) or a server key (server.*). */
export interface Message {
  key: string;
  params?: Record<string, string | number> | undefined;
}

export const serverKey = (key: ServerMessage): string => `server.${key}`;

/** The caller's language from Accept-Language: the first of ja/en by preference, default ja. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return defaultLocale;
  let best: Locale | undefined;
  let bestQ = -1;
  for (const part of header.split(',')) {
    const [range = '', ...attrs] = part.trim().split(';');
    const lang = range.trim().toLowerCase().split('-')[0];
    if (lang !== 'ja' && lang !== 'en') continue;
    const qAttr = attrs.find((a) => a.trim().startsWith('q='));
    const q = qAttr ? Number(qAttr.trim().slice(2)) : 1;
    if (Number.isFinite(q) && q > bestQ) {
      best = lang;
      bestQ = q;
    }
  }
  return best ?? defaultLocale;
}

export function translate(locale: Locale, message: Message): string {
  const { key, params = {} } = message;
  if (key.startsWith('server.')) {
    const text = serverMessages[locale][key.slice('server.'.length) as ServerMessage] ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
  }
  return translateDomainKey(locale, key, params) ?? key;
}
