import { EmptyState } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';

/** The empty state of a page whose feature is not built yet: no fake data. */
export function NotAvailable() {
  const { t } = useTranslation();
  return (
    <EmptyState headingLevel={2} title={t('page.notAvailable')} description={t('page.notAvailableDetail')} />
  );
}
