import { PensionReminderSettings } from '../terms';

/** /pension/notification: reminder mails for annuities (the same settings as deadlines, own scope). */
export function PensionNotificationPage() {
  return <PensionReminderSettings />;
}
