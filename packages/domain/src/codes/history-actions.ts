import { defineCodeList } from './code-list.js';

/**
 * What a history (audit trail) row records, as stored in `history.action` and sent in a request's
 * history. The API writes no other action (its `recordHistory` takes only these), so a screen
 * that describes events can cover every value. Values are stored: never rename one; add new ones.
 */
export const historyActions = defineCodeList('historyAction', [
  // Matters
  'project.create',
  'project.update',
  'project.delete',
  'project.duplicate',
  'project.trademarkImage.set',
  'project.assignees.set',
  'project.organization.set',
  // The user space of a matter
  'userSpace.file.create',
  'userSpace.file.delete',
  'userSpace.comment.create',
  'userSpace.comment.update',
  'userSpace.comment.delete',
  // Requests and what happens inside one
  'request.create',
  'request.accept',
  'request.complete',
  'request.decline',
  'request.assignee',
  'request.mail.send',
  'request.periods.update',
  'request.term.create',
  'request.term.update',
  'request.term.remove',
  'request.deliverable.create',
  // Estimates, invoices and payments of a request
  'estimate.send',
  'estimate.revise',
  'estimate.withdraw',
  'estimate.accept',
  'estimate.decline',
  'estimate.expire',
  'invoice.issue',
  'invoice.void',
  'invoice.creditNote',
  'invoice.paid',
  'payment.record',
  'payment.confirm',
  'request.concierge.start',
  'request.concierge.paid',
  // Annuities (pension) of a matter
  'pension.payment.record',
  'pension.right.restore',
  'pension.decision.set',
  'pension.settings.update',
  // Deadlines of a matter (/terms): decisions and the two-person check
  'deadline.done',
  'deadline.lapse',
  'deadline.reopen',
  'deadline.confirm',
  // Organizations
  'organization.create',
  'organization.update',
  'organization.member.add',
  'organization.member.role',
  'organization.member.remove',
  'organization.member.twoFactorReset',
  'organization.invitation.create',
  'organization.invitation.revoke',
  'organization.invitation.accept',
  // Users and offices
  'user.update',
  'firm.create',
  'firm.update',
  // The demo data
  'seed.demo',
] as const);
export type HistoryAction = (typeof historyActions.values)[number];
