/** One deadline as a reminder names it; every text is already in the mail's language. */
export interface DeadlineLine {
  reference: string;
  deadline: string;
  date: string;
  /** The office's plain date and the reason it moved; empty when it did not. */
  plainDate: string;
  shiftReason: string;
  url: string;
}

/** One room of a chat digest: counts and a link, never a message's text. */
export interface ChatDigestRoom {
  projectTitle: string;
  requestName: string;
  /** Unread messages of the other side. */
  unread: number;
  /** One of them mentions the recipient. */
  urgent: boolean;
  url: string;
}

/** Parameters of each template; `productName` is filled in by the renderer. */
export interface MailTemplateParams {
  signupCode: { code: string; name?: string };
  passwordResetCode: { code: string };
  requestReceived: { projectTitle: string; requestName: string; url: string };
  deadlineReminder: { projectTitle: string; termTitle: string; dueDate: string; url: string };
  /**
   * One reminder of a deadline, already in the recipient's language: the matter's reference (never
   * its title, which may be confidential before publication), the deadline's name, the last day
   * after a business-day shift and, when it moved, the office's plain date and why.
   */
  deadlineDue: DeadlineLine & { before: string; asAdministrator: boolean };
  /** A daily or weekly digest of reminders. */
  deadlineDigest: { lines: DeadlineLine[]; weekly: boolean };
  /** A new mail on a request's thread (the body stays in the portal). */
  requestMail: {
    projectTitle: string;
    requestName: string;
    senderName: string;
    subject: string;
    url: string;
  };
  /** `expires` is already formatted in the mail's language. */
  organizationInvitation: {
    organizationName: string;
    inviterName: string;
    email: string;
    url: string;
    expires: string;
  };
  /**
   * Payments. Amounts and dates are already in the mail's language; invoices are
   * named by their numbers, matters by their reference (never a title).
   */
  paymentRecorded: {
    clientName: string;
    amount: string;
    paidOn: string;
    remitterName: string;
    invoiceNumbers: string[];
    url: string;
  };
  paymentConfirmed: {
    firmName: string;
    amount: string;
    paidOn: string;
    invoiceNumbers: string[];
    /** Invoices now paid in full; the others keep a balance. */
    paidInvoiceNumbers: string[];
    url: string;
  };
  invoiceOverdue: {
    firmName: string;
    invoiceNumber: string;
    reference: string;
    dueDate: string;
    balance: string;
    url: string;
  };
  /** An estimate sent to the client side; the matter by its reference, never its title. */
  estimateSent: {
    firmName: string;
    number: string;
    version: number;
    title: string;
    reference: string;
    requestName: string;
    url: string;
  };
  /** The client side accepted an estimate (an order), to the office's users. */
  estimateAccepted: {
    clientName: string;
    number: string;
    version: number;
    title: string;
    requestName: string;
    url: string;
  };
  estimateDeclined: {
    clientName: string;
    number: string;
    version: number;
    title: string;
    requestName: string;
    reason: string;
    url: string;
  };
  /** An invoice issued: a link to the portal's page, never the file. Amount and date already formatted. */
  invoiceIssued: {
    firmName: string;
    number: string;
    creditNote: boolean;
    amount: string;
    dueDate: string;
    reference: string;
    url: string;
  };
  /** The offline chat digest (ADR 0031): the rooms with unread messages, urgent (mentioned) first. */
  chatDigest: { rooms: ChatDigestRoom[]; urgent: boolean };
}

export type MailTemplateName = keyof MailTemplateParams;

/**
 * Parameters that work as a credential (a code, a link carrying a token). The outbox keeps a
 * sent mail as the record of what was sent, but with these blanked: elsewhere they are stored
 * only as hashes, and a copy of the database must not hand out working codes or invitations.
 */
export const secretMailParams: { [K in MailTemplateName]: readonly (keyof MailTemplateParams[K])[] } = {
  signupCode: ['code'],
  passwordResetCode: ['code'],
  requestReceived: [],
  deadlineReminder: [],
  deadlineDue: [],
  deadlineDigest: [],
  requestMail: [],
  organizationInvitation: ['url'],
  paymentRecorded: [],
  paymentConfirmed: [],
  invoiceOverdue: [],
  estimateSent: [],
  estimateAccepted: [],
  estimateDeclined: [],
  invoiceIssued: [],
  chatDigest: [],
};

type WithProduct<P> = P & { productName: string };

export type MailTemplates = {
  [K in MailTemplateName]: {
    subject: (params: WithProduct<MailTemplateParams[K]>) => string;
    text: (params: WithProduct<MailTemplateParams[K]>) => string;
  };
};
