import type { ChatDigestRoom, DeadlineLine, MailTemplates } from './types.js';

const enChatRoom = (room: ChatDigestRoom) =>
  `${room.urgent ? 'URGENT: you were mentioned\n' : ''}Matter: ${room.projectTitle}\nRequest: ${room.requestName}\nUnread: ${room.unread} message${room.unread === 1 ? '' : 's'}\n${room.url}`;

const enLine = (line: DeadlineLine) =>
  `Reference: ${line.reference}\nDeadline: ${line.deadline}\nDue: ${line.date}${
    line.plainDate
      ? ` (the office's date ${line.plainDate} is ${line.shiftReason}, so it moves to the next business day)`
      : ''
  }\n${line.url}`;

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
  deadlineDue: {
    subject: ({ productName, reference, deadline, date, before }) =>
      `[${productName}] Deadline reminder (${before}): ${reference} ${deadline} ${date}`,
    text: (params) =>
      `${params.asAdministrator ? 'As an administrator of the organization, you are told of deadlines within 7 days.' : `A deadline is ${params.before}.`}\n\n${enLine(params)}\n\nRecord a deadline as done or let lapse in Deadline management to stop its reminders.`,
  },
  deadlineDigest: {
    subject: ({ productName, lines, weekly }) =>
      `[${productName}] ${weekly ? 'This week' : 'Today'}: ${lines.length} deadline reminder${lines.length === 1 ? '' : 's'}`,
    text: ({ lines }) => `These deadlines are approaching.\n\n${lines.map(enLine).join('\n\n')}`,
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
  paymentRecorded: {
    subject: ({ productName, clientName, amount }) =>
      `[${productName}] Transfer recorded by ${clientName}: ${amount}`,
    text: ({ clientName, amount, paidOn, remitterName, invoiceNumbers, url }) =>
      `${clientName} has recorded a bank transfer.\n\nAmount: ${amount}\nTransfer date: ${paidOn}\nRemitter: ${remitterName}\nInvoices: ${invoiceNumbers.join(', ')}\n\nConfirm receipt once it reaches your account:\n${url}`,
  },
  paymentConfirmed: {
    subject: ({ productName, firmName, amount }) =>
      `[${productName}] ${firmName} confirmed your transfer of ${amount}`,
    text: ({ firmName, amount, paidOn, invoiceNumbers, paidInvoiceNumbers, url }) =>
      `${firmName} has confirmed receipt of your transfer.\n\nAmount: ${amount}\nTransfer date: ${paidOn}\nInvoices: ${invoiceNumbers.join(', ') || '(not matched)'}\n${
        paidInvoiceNumbers.length > 0 ? `Paid in full: ${paidInvoiceNumbers.join(', ')}\n` : ''
      }${
        paidInvoiceNumbers.length < invoiceNumbers.length ? 'Invoices not paid in full keep a balance.\n' : ''
      }\nPayment history:\n${url}`,
  },
  invoiceOverdue: {
    subject: ({ productName, invoiceNumber, dueDate }) =>
      `[${productName}] Invoice ${invoiceNumber} was due on ${dueDate}`,
    text: ({ firmName, invoiceNumber, reference, dueDate, balance, url }) =>
      `Invoice ${invoiceNumber} from ${firmName} (matter ${reference}) was due on ${dueDate} and is not paid yet.\n\nBalance: ${balance}\n\nIf you have already paid it, record the transfer in the portal. The invoice:\n${url}`,
  },
  estimateSent: {
    subject: ({ productName, firmName, number }) => `[${productName}] Estimate ${number} from ${firmName}`,
    text: ({ firmName, number, version, title, reference, requestName, url }) =>
      `${firmName} has sent you an estimate.\n\nEstimate: ${number}${version > 1 ? ` (version ${version})` : ''}\nTitle: ${title}\nReference: ${reference}\nRequest: ${requestName}\n\nReview it and accept or decline it here:\n${url}`,
  },
  estimateAccepted: {
    subject: ({ productName, number }) => `[${productName}] Estimate ${number} was accepted`,
    text: ({ clientName, number, version, title, requestName, url }) =>
      `${clientName} accepted your estimate (an order).\n\nEstimate: ${number}${version > 1 ? ` (version ${version})` : ''}\nTitle: ${title}\nRequest: ${requestName}\n\n${url}`,
  },
  estimateDeclined: {
    subject: ({ productName, number }) => `[${productName}] Estimate ${number} was declined`,
    text: ({ clientName, number, version, title, requestName, reason, url }) =>
      `${clientName} declined your estimate.\n\nEstimate: ${number}${version > 1 ? ` (version ${version})` : ''}\nTitle: ${title}\nRequest: ${requestName}\nReason: ${reason}\n\n${url}`,
  },
  invoiceIssued: {
    subject: ({ productName, firmName, number, creditNote }) =>
      `[${productName}] ${creditNote ? 'Credit note' : 'Invoice'} ${number} from ${firmName}`,
    text: ({ firmName, number, creditNote, amount, dueDate, reference, url }) =>
      `${firmName} has issued ${creditNote ? 'a credit note' : 'an invoice'} to you.\n\nNumber: ${number}\nReference: ${reference}\n${creditNote ? 'Amount' : 'Amount to transfer'}: ${amount}\n${creditNote ? '' : `Due date: ${dueDate}\n`}\nView it and download the PDF in the portal:\n${url}`,
  },
  chatDigest: {
    subject: ({ productName, rooms, urgent }) =>
      `[${productName}] ${urgent ? 'You were mentioned: ' : ''}unread chat messages in ${rooms.length} chat${rooms.length === 1 ? '' : 's'}`,
    text: ({ rooms }) =>
      `You have unread messages in these chats. Read them in the portal.\n\n${rooms.map(enChatRoom).join('\n\n')}\n\nYou are told about the same chat at most once an hour.`,
  },
};
