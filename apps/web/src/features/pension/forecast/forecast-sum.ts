import type { ForecastSumRead } from '@ipportal/domain';
import { useTranslation } from 'react-i18next';
import { usePensionFormats } from '../pension-format';

/** How a forecast sum reads: in yen when every rate is set, else the amounts as charged (never a partial yen total). */
export function useForecastSumText() {
  const { t } = useTranslation();
  const formats = usePensionFormats();
  const asCharged = (sum: ForecastSumRead) =>
    sum.amounts.length
      ? sum.amounts.map((a) => formats.money(a.amount, a.currency)).join(' + ')
      : t('pensionForecast.none');
  return {
    asCharged,
    /** The yen total, or the amounts as charged when a rate is missing. */
    main: (sum: ForecastSumRead) => (sum.yen !== null ? formats.money(sum.yen, 'JPY') : asCharged(sum)),
    /** Whether the amounts as charged say more than the yen total (some are foreign). */
    hasForeign: (sum: ForecastSumRead) => sum.amounts.some((a) => a.currency !== 'JPY'),
  };
}
