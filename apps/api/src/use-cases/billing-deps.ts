import type { Executor } from '../db/client.js';
import type { Publisher } from '../events/index.js';
import type { MailQueue } from '../mail/index.js';
import type { PortalLink } from '../repositories/billing/billing-notices.js';

/** What a billing change needs to be told: the outbox, absolute links for its mails, the socket. */
export interface BillingNotice {
  queue: MailQueue;
  /** An absolute link to a portal path, for mails. */
  link: PortalLink;
  /** Tells the open screens of the parties who see the document (the realtime socket) at commit. */
  bus: Publisher;
}

export interface BillingDeps extends BillingNotice {
  db: Executor;
}
