import type { Locale } from '../../codes/codes.js';

/** Why an office is closed on a day: what a moved deadline reports as its shift. */
export interface ClosedDay {
  reason: 'weekend' | 'holiday' | 'yearEnd';
  /** The holiday's name in each interface language, when `reason` is `holiday`. */
  holiday?: Readonly<Record<Locale, string>>;
}
