import type { MailTemplates } from './types.js';

export const en: MailTemplates = {
  signupCode: {
    subject: ({ productName }) => `[${productName}] Your verification code`,
    text: ({ productName, code, name }) =>
      `${name ? `Dear ${name},\n\n` : ''}Thank you for signing up to ${productName}.\n\nVerification code: ${code}\n\nEnter the code on the screen to complete your registration. The code is valid for 24 hours.\nIf you did not sign up, please ignore this email.`,
  },
  passwordResetCode: {
    subject: ({ productName }) => `[${productName}] Your password reset code`,
    text: ({ productName, code }) =>
      `We received a request to reset your ${productName} password.\n\nVerification code: ${code}\n\nEnter the code and your new password on the screen. The code is valid for 1 hour.\nIf you did not ask for this, ignore this email; your password stays the same.`,
  },
  requestReceived: {
    subject: ({ productName, requestName }) => `[${productName}] New request: ${requestName}`,
    text: ({ projectTitle, requestName, url }) =>
      `You have received a new request.\n\nMatter: ${projectTitle}\nRequest: ${requestName}\n\nOpen it here:\n${url}`,
  },
  deadlineReminder: {
    subject: ({ productName, projectTitle, dueDate }) =>
      `[${productName}] Deadline reminder: ${projectTitle} (${dueDate})`,
    text: ({ projectTitle, termTitle, dueDate, url }) =>
      `A deadline is approaching.\n\nMatter: ${projectTitle}\nDeadline: ${termTitle}\nDue date: ${dueDate}\n\nDetails:\n${url}`,
  },
  organizationInvitation: {
    subject: ({ productName, organizationName }) => `[${productName}] Invitation to join ${organizationName}`,
    text: ({ productName, organizationName, inviterName, email, url, expires }) =>
      `${inviterName ? `${inviterName} has invited you` : 'You have been invited'} to join the organization "${organizationName}" on ${productName}.\n\nOpen this link to accept the invitation:\n${url}\n\nIf you do not have an account yet, sign up as a client user with this email address (${email}); you join the organization once your registration is confirmed.\nThe link is valid until ${expires}.\nIf you were not expecting this, ignore this email.`,
  },
  requestMail: {
    subject: ({ productName, requestName }) => `[${productName}] New message on request: ${requestName}`,
    text: ({ projectTitle, requestName, senderName, subject, url }) =>
      `You have a new message on a request.\n\nMatter: ${projectTitle}\nRequest: ${requestName}\nFrom: ${senderName}\nSubject: ${subject}\n\nRead the message:\n${url}`,
  },
};
