import { productName, type Locale } from '@ipportal/domain';
import { en } from './en.js';
import { ja } from './ja.js';
import type { MailTemplateName, MailTemplateParams, MailTemplates } from './types.js';

export type { MailTemplateName, MailTemplateParams } from './types.js';

const templates: Record<Locale, MailTemplates> = { ja, en };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Subject, plain text and a minimal HTML part (the text, escaped, with links) in the recipient's language. */
export function renderMail<T extends MailTemplateName>(
  locale: Locale,
  name: T,
  params: MailTemplateParams[T],
): RenderedMail {
  const template = templates[locale][name];
  const full = { ...params, productName };
  const subject = template.subject(full);
  const text = template.text(full);
  const body = escapeHtml(text)
    .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
    .replace(/\n/g, '<br>\n');
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family: sans-serif; line-height: 1.6">${body}</body></html>`;
  return { subject, text, html };
}
