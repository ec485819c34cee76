import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { CalendarFeeds } from './calendar-feeds';
import { termsTexts } from './terms-texts';

/** /terms/calendar: the office's calendar feed of its docket (the requests addressed to it). */
export function TermsCalendarPage() {
  useMessages(termsTexts, domainMessages);
  return <CalendarFeeds />;
}
