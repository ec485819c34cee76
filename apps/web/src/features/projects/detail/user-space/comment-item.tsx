import { useUpdateUserSpaceCommentMutation } from '@ipportal/api-client';
import type { UserSpaceComment } from '@ipportal/domain';
import { Button, IconButton, TextArea, TrashIcon, useToast } from '@ipportal/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useFormWarning } from '../../../../shared/form-warning';
import { useUnsavedChanges } from '../../../../shared/unsaved-changes';
import { useFormats } from '../../format';
import { failureDetail } from '../failure-detail';

const Comment = styled.li`
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  & > header {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.xs}px ${({ theme }) => theme.space.md}px;
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    margin-bottom: ${({ theme }) => theme.space.xs}px;
  }
  & > header > strong {
    color: ${({ theme }) => theme.colors.text};
  }
  & > p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    line-height: ${({ theme }) => theme.typography.lineHeight.normal};
  }
  & > header > .actions {
    display: flex;
    gap: ${({ theme }) => theme.space.xs}px;
    margin-left: auto;
  }
  & > form {
    display: grid;
    gap: ${({ theme }) => theme.space.sm}px;
  }
  & > form > div:last-child {
    display: flex;
    justify-content: flex-end;
    gap: ${({ theme }) => theme.space.sm}px;
  }
`;

/**
 * One comment. Its author may change its text in place or delete it (after confirming); the
 * server keeps both in the matter's history.
 */
export function CommentItem({
  projectId,
  comment,
  own,
  onDelete,
}: {
  projectId: string;
  comment: UserSpaceComment;
  own: boolean;
  onDelete: (comment: UserSpaceComment) => void;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const toast = useToast();
  const [updateComment, { isLoading: saving }] = useUpdateUserSpaceCommentMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const edited = comment.updateDate !== comment.createDate;
  const warning = useFormWarning();
  useUnsavedChanges(draft !== null && draft !== comment.body);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (draft === null || saving) return;
    if (draft.trim() === '') {
      setError(t('validation.required'));
      warning.warn(t('projects.toast.validationErrors'));
      return;
    }
    warning.dismiss();
    const result = await updateComment({ projectId, commentId: comment.id, body: draft.trim() });
    if ('error' in result) {
      toast.error(t('projects.toast.commentUpdateFailed'), { detail: failureDetail(result.error, t) });
      return;
    }
    toast.info(t('projects.toast.commentUpdated'));
    setDraft(null);
    setError(null);
  };

  return (
    <Comment>
      <header>
        <strong>{comment.authorName}</strong>
        <time dateTime={comment.createDate}>{formats.dateTime(comment.createDate)}</time>
        {edited && <span>{t('projects.userSpace.edited')}</span>}
        {own && draft === null && (
          <span className="actions">
            <Button variant="tertiary" size="sm" onClick={() => setDraft(comment.body)}>
              {t('projects.userSpace.editComment')}
            </Button>
            <IconButton
              label={t('projects.userSpace.deleteComment')}
              icon={<TrashIcon size={18} />}
              onClick={() => onDelete(comment)}
            />
          </span>
        )}
      </header>
      {draft === null ? (
        <p>{comment.body}</p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void save(event)}
          aria-label={t('projects.userSpace.editComment')}
        >
          <TextArea
            label={t('projects.userSpace.comment')}
            value={draft}
            maxLength={5000}
            rows={3}
            fullWidth
            error={error ?? undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
          />
          <div>
            <Button
              variant="secondary"
              disabled={saving}
              onClick={() => {
                setDraft(null);
                setError(null);
                warning.dismiss();
                toast.info(t('projects.toast.updateCanceled'));
              }}
            >
              {t('projects.detail.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('projects.detail.save')}
            </Button>
          </div>
        </form>
      )}
    </Comment>
  );
}
