import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { ReminderSettingsForm } from './reminder-settings-form';
import { termsTexts } from './terms-texts';

/** The annuity ('pension') reminder settings, for /pension/notification. */
export function PensionReminderSettings() {
  useMessages(termsTexts, domainMessages);
  return <ReminderSettingsForm scope="pension" />;
}
