import { EventEmitter } from 'node:events';
import type { MailMessage, Mailer, SentMail } from '../../src/mail/index.js';

/**
 * A mailer for tests: keeps every mail it delivered, can refuse the next few deliveries like a
 * broken SMTP server, and lets a test wait for a mail without sleeping (it is told on delivery).
 */
export interface MailSink extends Mailer {
  readonly sent: MailMessage[];
  /** Deliveries refused so far (failNext). */
  readonly refused: number;
  /** Refuse the next `count` deliveries with an error. */
  failNext(count: number): void;
  /** Resolves with the first delivered mail matching `match` (already delivered or the next). */
  waitFor(match: (mail: MailMessage) => boolean, timeoutMs?: number): Promise<MailMessage>;
}

export function createMailSink(): MailSink {
  const sent: MailMessage[] = [];
  const events = new EventEmitter();
  let failures = 0;
  let refused = 0;
  return {
    transport: 'eml',
    sent,
    get refused() {
      return refused;
    },
    failNext(count) {
      failures = count;
    },
    send(message): Promise<SentMail> {
      if (failures > 0) {
        failures -= 1;
        refused += 1;
        return Promise.reject(new Error('mail sink: connection refused'));
      }
      sent.push(message);
      events.emit('sent', message);
      return Promise.resolve({ messageId: `<${sent.length}@test>` });
    },
    waitFor(match, timeoutMs = 20_000) {
      const found = sent.find(match);
      if (found) return Promise.resolve(found);
      // A listener for the whole wait, not `once` in a loop: mails delivered in one tick emit
      // back to back, and a loop that subscribes again after each one missed the second.
      return new Promise((resolve, reject) => {
        const onSent = (mail: MailMessage) => {
          if (!match(mail)) return;
          stop();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`no matching mail within ${timeoutMs} ms (delivered: ${sent.length})`));
        }, timeoutMs);
        const stop = () => {
          clearTimeout(timer);
          events.off('sent', onSent);
        };
        events.on('sent', onSent);
      });
    },
    close: () => Promise.resolve(),
  };
}
