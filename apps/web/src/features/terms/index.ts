// What other features use of deadline management: the matter detail shows its own deadlines the
// same way /terms does, and /pension/notification reuses the reminder settings form.
export { MatterDeadlines } from './matter-deadlines';
export { PensionReminderSettings } from './pension-reminder-settings';
