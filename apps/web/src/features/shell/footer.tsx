import { Footer as UiFooter } from '@ipportal/ui';
import { productNameKey } from '@ipportal/domain';
import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <UiFooter
      copyright={t('shell.copyright', { year: new Date().getFullYear(), product: t(productNameKey) })}
    />
  );
}
