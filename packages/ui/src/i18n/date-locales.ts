import type { Locale as DateFnsLocale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { ja } from 'date-fns/locale/ja';
import type { UiLocale } from './texts';

/**
 * date-fns locale per interface locale (month and weekday names). Kept apart from the text
 * provider so only the date components pull these in (the app's first download stays smaller).
 */
export const dateFnsLocales: Record<UiLocale, DateFnsLocale> = { ja, en: enUS };
