import { Dialog } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NotAvailable } from '../../shared/not-available';
import { createMatterClosed, selectCreateMatterOpen } from './shell-slice';

/**
 * Opened by the sidebar's Create Matter button. The matters issue puts the form here; until
 * then the dialog says the feature is not available.
 */
export function CreateMatterDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectCreateMatterOpen);
  return (
    <Dialog open={open} title={t('createMatter.title')} onClose={() => dispatch(createMatterClosed())}>
      <NotAvailable />
    </Dialog>
  );
}
