import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { CalendarFeeds } from './calendar-feeds';
import { ReminderSettingsForm } from './reminder-settings-form';
import { termsTexts } from './terms-texts';

/** /terms/notification: reminder mails for deadlines, and the calendar feed. */
export function TermsNotificationPage() {
  useMessages(termsTexts, domainMessages);
  return (
    <>
      <ReminderSettingsForm scope="term" />
      <CalendarFeeds />
    </>
  );
}
