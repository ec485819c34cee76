import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.js';
import { renderMail } from './templates/index.js';
import type { MailMessage, Mailer, SentMail } from './types.js';

export { renderMail, type MailTemplateName, type MailTemplateParams } from './templates/index.js';
export type { MailMessage, Mailer, SentMail } from './types.js';
export {
  defineMailDelivery,
  mailQueueOf,
  queueMail,
  queueMails,
  type KeyedMail,
  type MailBatchQueue,
  type MailQueue,
  type QueuedMail,
} from './outbox.js';

function fileSafe(text: string): string {
  return text.replace(/[^\w.@+-]/g, '_').slice(0, 100);
}

/**
 * Mail: by default each message is written as an .eml file under `<DATA_DIR>/mail/` (named
 * `<time>_<recipient>_<template>.eml`, so tests and developers can find a code) and logged in
 * one line; with SMTP settings it goes out through nodemailer's SMTP transport.
 */
export function createMailer(
  config: Pick<AppConfig['mail'], 'from' | 'transport'>,
  logger: FastifyBaseLogger,
): Mailer {
  const { transport: settings } = config;
  const transport =
    settings.kind === 'smtp'
      ? nodemailer.createTransport({
          host: settings.host,
          port: settings.port,
          secure: settings.secure,
          // STARTTLS is used whenever the relay offers it; its certificate is checked unless configured otherwise.
          tls: { rejectUnauthorized: settings.rejectUnauthorized },
          ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    transport: settings.kind,
    async send(message: MailMessage): Promise<SentMail> {
      const rendered = renderMail(message.locale, message.template, message.params as never);
      const info = (await transport.sendMail({
        ...(message.delivery ? { messageId: `<${message.delivery.id}@ipportal.mail>` } : {}),
        from: config.from,
        to: message.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        headers: { 'X-IPPortal-Template': message.template },
      })) as { messageId: string; message?: Buffer };
      if (settings.kind === 'eml') {
        await mkdir(settings.dir, { recursive: true });
        // Named after the outbox row (time and id), so a repeated delivery rewrites the same file.
        const time = (message.delivery?.createdAt ?? new Date()).toISOString().replace(/[:.]/g, '-');
        const stamp = message.delivery ? `${time}-${message.delivery.id.slice(0, 8)}` : time;
        const file = path.join(settings.dir, `${stamp}_${fileSafe(message.to)}_${message.template}.eml`);
        await writeFile(file, info.message ?? '');
        logger.info(
          { mail: { to: message.to, template: message.template, file } },
          `mail "${rendered.subject}" to ${message.to} written to ${file}`,
        );
        return { messageId: info.messageId, file };
      }
      logger.info(
        { mail: { to: message.to, template: message.template, messageId: info.messageId } },
        `mail "${rendered.subject}" sent to ${message.to}`,
      );
      return { messageId: info.messageId };
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
