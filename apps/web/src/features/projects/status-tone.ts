import type { ProgressStatus } from '@ipportal/domain';
import type { StatusTone } from '@ipportal/ui';

/** Colour of a progress status chip (the text always says the status too). */
export function statusTone(status: ProgressStatus): StatusTone {
  return status === 2 ? 'success' : status === 1 ? 'info' : 'neutral';
}
