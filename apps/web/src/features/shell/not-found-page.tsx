import { EmptyState, SearchIcon } from '@ipportal/ui';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../routes/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      headingLevel={2}
      icon={<SearchIcon size={40} />}
      title={t('page.notFound')}
      description={t('page.notFoundDetail')}
      action={<Link to={pathTo('home')}>{t('page.backToTop')}</Link>}
    />
  );
}
