import type { Locale } from '@ipportal/domain';
import type { MailTemplateName, MailTemplateParams } from './templates/index.js';

export interface MailMessage<T extends MailTemplateName = MailTemplateName> {
  to: string;
  /** The recipient's language; templates exist in ja and en. */
  locale: Locale;
  template: T;
  params: MailTemplateParams[T];
  /**
   * Set by the outbox: the same id on every attempt gives the same Message-ID and, with the file
   * transport, the same file, so a delivery repeated after a crash is still one mail.
   */
  delivery?: { id: string; createdAt: Date };
}

export interface SentMail {
  messageId: string;
  /** The .eml file written, with the default (file) transport. */
  file?: string;
}

export interface Mailer {
  readonly transport: 'eml' | 'smtp';
  send<T extends MailTemplateName>(message: MailMessage<T>): Promise<SentMail>;
  close(): Promise<void>;
}
