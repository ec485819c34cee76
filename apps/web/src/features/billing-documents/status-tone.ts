import type { DealStatus, InvoiceStatus } from '@ipportal/domain';
import type { StatusTone } from '@ipportal/ui';

/** Chip colours of estimate states (the text always carries the meaning too). */
export function dealStatusTone(status: DealStatus): StatusTone {
  switch (status) {
    case 'sent':
      return 'info';
    case 'accepted':
      return 'success';
    case 'declined':
    case 'expired':
      return 'danger';
    default:
      return 'neutral';
  }
}

/** Chip colours of invoice states; an overdue one is a warning whatever else. */
export function invoiceStatusTone(status: InvoiceStatus, overdue = false): StatusTone {
  if (overdue) return 'danger';
  switch (status) {
    case 'issued':
      return 'info';
    case 'paid':
      return 'success';
    case 'void':
      return 'danger';
    default:
      return 'neutral';
  }
}
