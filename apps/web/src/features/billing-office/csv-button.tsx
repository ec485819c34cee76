import { todayInJapan } from '@ipportal/domain';
import { fetchRequestBlob } from '@ipportal/api-client';
import { Button, useToast } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { saveFile } from '../../shared/save-file';

/** Downloads the searched list as CSV (UTF-8 with BOM, the columns freee and Money Forward import). */
export function CsvButton({ path, name }: { path: string; name: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    const result = await dispatch(fetchRequestBlob(path));
    setBusy(false);
    if ('error' in result) {
      toast.error(t('billingOffice.list.csvFailed'), { detail: result.error.serverMessage ?? undefined });
      return;
    }
    saveFile(`${name}-${todayInJapan()}.csv`, result.data);
  }
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void download()}>
      {t('billingOffice.list.csv')}
    </Button>
  );
}
