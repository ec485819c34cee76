import { fetchPensionForecastCsv } from '@ipportal/api-client';
import { Button, useToast } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { useLocale } from '../../../i18n/use-locale';
import { saveFile } from '../../../shared/save-file';

/** Downloads the forecast payment by payment: amount and currency as charged, the rate used and the yen. */
export function ForecastCsvButton({ today }: { today: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [locale] = useLocale();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    const result = await dispatch(fetchPensionForecastCsv(locale));
    setBusy(false);
    if ('error' in result) {
      toast.error(t('pensionForecast.csvFailed'), { detail: result.error.serverMessage ?? undefined });
      return;
    }
    saveFile(`pension-forecast-${today.replaceAll('-', '')}.csv`, result.data);
  }
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void download()}>
      {t('pensionForecast.csv')}
    </Button>
  );
}
