import type { Locale } from '@ipportal/domain';
import type { FastifyRequest } from 'fastify';
import { localeFromAcceptLanguage } from './i18n.js';

/** The caller's language for answers and mails: Accept-Language, ja by default. */
export function requestLocale(request: FastifyRequest): Locale {
  return localeFromAcceptLanguage(request.headers['accept-language']);
}
