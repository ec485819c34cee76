/** Parameters of each template; `productName` is filled in by the renderer. */
export interface MailTemplateParams {
  signupCode: { code: string; name?: string };
  passwordResetCode: { code: string };
  requestReceived: { projectTitle: string; requestName: string; url: string };
  deadlineReminder: { projectTitle: string; termTitle: string; dueDate: string; url: string };
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
  requestMail: [],
  organizationInvitation: ['url'],
};

type WithProduct<P> = P & { productName: string };

export type MailTemplates = {
  [K in MailTemplateName]: {
    subject: (params: WithProduct<MailTemplateParams[K]>) => string;
    text: (params: WithProduct<MailTemplateParams[K]>) => string;
  };
};
