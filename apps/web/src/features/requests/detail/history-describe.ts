import type { HistoryAction, RequestHistoryEntry } from '@ipportal/domain';
import { requestStatuses } from '@ipportal/domain';
import type { TFunction } from 'i18next';

/*
 * What a history entry says, in the interface language: a sentence for the event and lines for
 * what it recorded (deadlines before -> after, a mail's subject and attachments, a deliverable's
 * version).
 */

/**
 * The sentence of each history action, by its text key under `requestDetail.history.event`.
 * Actions a request's history never holds (matters, organizations, offices) read as the general
 * sentence with their name. Every action of the domain's list is decided here: a new one does not
 * compile until it is.
 */
const eventKey = {
  'request.create': 'request_create',
  'request.accept': 'request_accept',
  'request.complete': 'request_complete',
  'request.decline': 'request_decline',
  'request.mail.send': 'request_mail_send',
  'request.periods.update': 'request_periods_update',
  'request.term.create': 'request_term_create',
  'request.term.update': 'request_term_update',
  'request.term.remove': 'request_term_remove',
  'request.deliverable.create': 'request_deliverable_create',
  'request.assignee': 'request_assignee',
  // Its estimates, invoices and payments (`name` is the document's number).
  'estimate.send': 'estimate_send',
  'estimate.revise': 'estimate_revise',
  'estimate.withdraw': 'estimate_withdraw',
  'estimate.accept': 'estimate_accept',
  'estimate.decline': 'estimate_decline',
  'estimate.expire': 'estimate_expire',
  'invoice.issue': 'invoice_issue',
  'invoice.void': 'invoice_void',
  'invoice.creditNote': 'invoice_creditNote',
  'invoice.paid': 'invoice_paid',
  'payment.record': 'payment_record',
  'payment.confirm': 'payment_confirm',
  'request.concierge.start': 'request_concierge_start',
  'request.concierge.paid': 'request_concierge_paid',
  // A request's own deadlines decided on /terms are in its history too.
  'deadline.done': 'deadline_done',
  'deadline.lapse': 'deadline_lapse',
  'deadline.reopen': 'deadline_reopen',
  'deadline.confirm': 'deadline_confirm',
  'project.create': null,
  'project.update': null,
  'project.delete': null,
  'project.duplicate': null,
  'project.trademarkImage.set': null,
  'project.assignees.set': null,
  'project.organization.set': null,
  'userSpace.file.create': null,
  'userSpace.file.delete': null,
  'userSpace.comment.create': null,
  'userSpace.comment.update': null,
  'userSpace.comment.delete': null,
  'pension.payment.record': null,
  'pension.right.restore': null,
  'pension.decision.set': null,
  'pension.settings.update': null,
  'organization.create': null,
  'organization.update': null,
  'organization.member.add': null,
  'organization.member.role': null,
  'organization.member.remove': null,
  'organization.member.twoFactorReset': null,
  'organization.invitation.create': null,
  'organization.invitation.revoke': null,
  'organization.invitation.accept': null,
  'user.update': null,
  'firm.create': null,
  'firm.update': null,
  'seed.demo': null,
} as const satisfies Record<HistoryAction, string | null>;

type Formats = { day: (iso: string) => string; bytes: (n: number) => string };

const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function describeEvent(entry: RequestHistoryEntry, t: TFunction): string {
  const changes = entry.changes ?? {};
  // A deadline computed by a rule is named by its i18n key.
  const nameKey = asString(changes.nameKey);
  const name = asString(changes.item) ?? asString(changes.name) ?? (nameKey ? t(nameKey) : '');
  const key = eventKey[entry.action];
  return key
    ? t(`requestDetail.history.event.${key}`, { name })
    : t('requestDetail.history.event.other', { action: entry.action });
}

function shown(field: string, value: unknown, t: TFunction, formats: Formats): string {
  if (value === null || value === undefined || value === '') return t('requestDetail.terms.notSet');
  if (typeof value === 'boolean')
    return value ? t('requestDetail.history.detail.done') : t('requestDetail.history.detail.open');
  if (field === 'status' && (value === 1 || value === 2 || value === 3))
    return t(requestStatuses.labelKey(value));
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formats.day(value);
  return typeof value === 'number' || typeof value === 'string' ? String(value) : JSON.stringify(value);
}

export function describeDetails(entry: RequestHistoryEntry, t: TFunction, formats: Formats): string[] {
  const changes = entry.changes ?? {};
  switch (entry.action) {
    case 'request.mail.send': {
      const lines = [t('requestDetail.history.detail.subject', { subject: asString(changes.subject) ?? '' })];
      const attachments = Array.isArray(changes.attachments)
        ? changes.attachments.filter((a) => typeof a === 'string')
        : [];
      if (attachments.length > 0)
        lines.push(t('requestDetail.history.detail.attachments', { names: attachments.join(', ') }));
      return lines;
    }
    case 'request.deliverable.create':
      return [
        t('requestDetail.history.detail.deliverable', {
          title: asString(changes.title) ?? '',
          version: typeof changes.version === 'number' ? changes.version : 1,
          size: typeof changes.sizeBytes === 'number' ? formats.bytes(changes.sizeBytes) : '',
        }),
      ];
    case 'request.decline':
      return [
        t('requestDetail.history.detail.reason', {
          reason: asString((changes.declineReason as unknown[] | undefined)?.[1]) ?? '',
        }),
      ];
    case 'request.term.create':
      return [shown('date', changes.date, t, formats)];
    case 'request.assignee': {
      // The names, not the user ids recorded beside them.
      const names = Array.isArray(changes.assignee) ? changes.assignee : [null, null];
      return [
        t('requestDetail.history.detail.change', {
          field: t('requestDetail.history.field.assignee'),
          before: shown('assignee', names[0], t, formats),
          after: shown('assignee', names[1], t, formats),
        }),
      ];
    }
    default: {
      const lines: string[] = [];
      for (const [field, value] of Object.entries(changes)) {
        if (!Array.isArray(value) || value.length !== 2) continue;
        const label = ['decisionPeriod', 'userPeriod', 'status', 'name', 'date', 'done'].includes(field)
          ? t(`requestDetail.history.field.${field}`)
          : field;
        lines.push(
          t('requestDetail.history.detail.change', {
            field: label,
            before: shown(field, value[0], t, formats),
            after: shown(field, value[1], t, formats),
          }),
        );
      }
      return lines;
    }
  }
}
