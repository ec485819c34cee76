import { fetchRequestBlob, uploadDeliverable, useListRequestDeliverablesQuery } from '@ipportal/api-client';
import { Button, EmptyState, FileDrop, LoadingText, useToast } from '@ipportal/ui';
import type { FileDropItem } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch } from '../../../app/hooks';
import { DeliverableReview, type StagedFile } from './deliverable-review';
import { DeliverableTable } from './deliverable-table';
import type { DetailContext } from './detail-frame';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.lg}px;
  & > h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.lg};
  }
  & > p {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * A request's deliverables: every version, newest first, downloadable by both sides; the office
 * picks or drops files, reviews them together (name, size, type; any can be taken out) and only
 * then stores them, each a write-once upload of its own.
 */
export function DeliverablesView({ context }: { context: DetailContext }) {
  const { t } = useTranslation();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const { data, isLoading, refetch } = useListRequestDeliverablesQuery(context.requestKey);
  const [uploads, setUploads] = useState<FileDropItem[]>([]);
  const [staged, setStaged] = useState<StagedFile[]>([]);
  const [storing, setStoring] = useState(false);
  const canUpload = context.side === 'office' && !context.readOnly;

  // Picked files wait for review: a deliverable once stored can be neither replaced nor deleted.
  const stage = (files: File[]) =>
    setStaged((current) => [...current, ...files.map((file) => ({ id: crypto.randomUUID(), file }))]);

  const store = async () => {
    const files = staged.map(({ file }) => file);
    setStoring(true);
    setStaged([]);
    await upload(files);
    setStoring(false);
  };

  const upload = async (files: File[]) => {
    for (const file of files) {
      const id = `${Date.now()}-${file.name}-${file.size}`;
      setUploads((current) => [...current, { id, name: file.name, size: file.size, status: 'uploading' }]);
      const result = await dispatch(uploadDeliverable(context.requestKey, file));
      if ('error' in result) {
        const message = result.error.serverMessage ?? t('requestDetail.deliverables.uploadFailed');
        setUploads((current) =>
          current.map((u) => (u.id === id ? { ...u, status: 'error', error: message } : u)),
        );
        toast.error(t('requestDetail.deliverables.uploadFailed'), {
          detail: result.error.serverMessage ?? undefined,
        });
        continue;
      }
      setUploads((current) => current.filter((u) => u.id !== id));
      toast.info(
        t('requestDetail.deliverables.uploaded', { name: result.data.title, version: result.data.version }),
      );
    }
  };

  if (isLoading) return <LoadingText block>{t('requestDetail.common.loading')}</LoadingText>;
  if (!data) {
    return (
      <EmptyState
        headingLevel={2}
        title={t('requestDetail.common.loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('requestDetail.common.retry')}</Button>}
      />
    );
  }
  return (
    <Section aria-labelledby="request-deliverables-heading">
      <h2 id="request-deliverables-heading">{t('requestDetail.deliverables.heading')}</h2>
      {canUpload && (
        <FileDrop
          label={t('requestDetail.deliverables.upload')}
          helpText={t('requestDetail.deliverables.uploadHint')}
          maxSize={data.maxUploadBytes}
          files={uploads}
          onRemove={(id) => setUploads((current) => current.filter((u) => u.id !== id))}
          onFilesAccepted={stage}
          disabled={storing}
        />
      )}
      {canUpload && staged.length > 0 && (
        <DeliverableReview
          files={staged}
          busy={storing}
          onRemove={(id) => setStaged((current) => current.filter((item) => item.id !== id))}
          onCancel={() => setStaged([])}
          onConfirm={() => void store()}
        />
      )}
      {context.side === 'office' && context.readOnly && <p>{t('requestDetail.deliverables.readOnly')}</p>}
      {data.items.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title={t('requestDetail.deliverables.empty')}
          description={
            context.side === 'office'
              ? t('requestDetail.deliverables.emptyOffice')
              : t('requestDetail.deliverables.emptyClient')
          }
        />
      ) : (
        <DeliverableTable
          rows={data.items}
          caption={t('requestDetail.deliverables.heading')}
          fetchBlob={(path) => dispatch(fetchRequestBlob(path))}
        />
      )}
      <p>{t('requestDetail.deliverables.writeOnce')}</p>
    </Section>
  );
}
