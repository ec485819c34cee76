import { useListDeadlinesQuery } from '@ipportal/api-client';
import { EmptyState, LoadingText } from '@ipportal/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { DeadlineList } from './deadline-list';
import { termsTexts } from './terms-texts';

/** A matter's own deadlines, every state, as /terms shows them (with the same decisions). */
export function MatterDeadlines({ projectId, version }: { projectId: string; version: string }) {
  useMessages(termsTexts, domainMessages);
  const { t } = useTranslation();
  const { data, isLoading, refetch } = useListDeadlinesQuery({ projectId, state: 'all', limit: 1000 });
  // The server recomputes a matter's deadlines when its dates are saved: read them again then.
  useEffect(() => {
    void refetch();
  }, [version, refetch]);
  if (isLoading) return <LoadingText />;
  if (!data || data.items.length === 0) return <EmptyState title={t('terms.empty')} icon={null} />;
  return <DeadlineList items={data.items} grouped={false} showMatter={false} />;
}
