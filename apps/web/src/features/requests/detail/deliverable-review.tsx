import { Button, formatBytes } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Review = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm}px;
  padding: ${({ theme }) => theme.space.md}px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md}px;
  & > h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.md};
  }
  & > p {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
  }
`;

const Files = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xs}px;
  margin: 0;
  padding: 0;
  list-style: none;
  & > li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm}px;
  }
`;

const Name = styled.span`
  overflow-wrap: anywhere;
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
`;

const Meta = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm}px;
`;

/** A picked file waiting to be registered, with a key of its own. */
export interface StagedFile {
  id: string;
  file: File;
}

export interface DeliverableReviewProps {
  files: readonly StagedFile[];
  busy: boolean;
  onRemove: (id: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The files picked for a request's deliverables, before they are stored write-once: each with its
 * name, size and type, any of them can be taken out, and only the confirm button stores them.
 */
export function DeliverableReview({ files, busy, onRemove, onCancel, onConfirm }: DeliverableReviewProps) {
  const { t, i18n } = useTranslation();
  const heading = t('requestDetail.deliverables.review.heading', { count: files.length });
  return (
    <Review aria-label={heading}>
      <h3>{heading}</h3>
      <p>{t('requestDetail.deliverables.review.note')}</p>
      <Files>
        {files.map(({ id, file }) => (
          <li key={id}>
            <span>
              <Name>{file.name}</Name>{' '}
              <Meta>
                {t('requestDetail.deliverables.review.meta', {
                  size: formatBytes(file.size, i18n.language),
                  type: file.type || t('requestDetail.deliverables.review.unknownType'),
                })}
              </Meta>
            </span>
            <Button
              size="sm"
              variant="tertiary"
              disabled={busy}
              aria-label={t('requestDetail.deliverables.review.remove', { name: file.name })}
              onClick={() => onRemove(id)}
            >
              {t('requestDetail.deliverables.review.removeShort')}
            </Button>
          </li>
        ))}
      </Files>
      <Actions>
        <Button loading={busy} onClick={onConfirm}>
          {t('requestDetail.deliverables.review.confirm')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {t('requestDetail.deliverables.review.cancel')}
        </Button>
      </Actions>
    </Review>
  );
}
