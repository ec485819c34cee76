import {
  useAddUserSpaceCommentMutation,
  useDeleteUserSpaceCommentMutation,
  useGetUserQuery,
  useListUserSpaceCommentsQuery,
} from '@ipportal/api-client';
import type { UserSpaceComment } from '@ipportal/domain';
import { Button, ConfirmDialog, LoadingText, TextArea, useToast } from '@ipportal/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { FormAlert } from '../../../../shared/forms/form-alert';
import { useFormWarning } from '../../../../shared/form-warning';
import { useUnsavedChanges } from '../../../../shared/unsaved-changes';
import { failureDetail } from '../failure-detail';
import { GroupSection, Muted } from '../layout';
import { CommentItem } from './comment-item';

const Comments = styled.ol`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.lg}px;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md}px;
`;

const Composer = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm}px;
  & > div:last-child {
    display: flex;
    justify-content: flex-end;
  }
`;

/** The user space's comments, and a box to post one (not on a deleted matter, which is read-only). */
export function CommentsSection({ projectId, readOnly }: { projectId: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data: me } = useGetUserQuery();
  const { data: comments, isLoading, isError } = useListUserSpaceCommentsQuery(projectId);
  const [addComment, { isLoading: posting }] = useAddUserSpaceCommentMutation();
  const [deleteComment, { isLoading: deleting }] = useDeleteUserSpaceCommentMutation();
  const [toDelete, setToDelete] = useState<UserSpaceComment | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const result = await deleteComment({ projectId, commentId: toDelete.id });
    if ('error' in result) {
      toast.error(t('projects.toast.commentDeleteFailed'), { detail: failureDetail(result.error, t) });
    } else {
      toast.info(t('projects.toast.commentDeleted'));
    }
    setToDelete(null);
  };
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const warning = useFormWarning();
  useUnsavedChanges(!readOnly && body.trim() !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (posting) return;
    if (body.trim() === '') {
      setError(t('validation.required'));
      warning.warn(t('projects.toast.validationErrors'));
      return;
    }
    warning.dismiss();
    const result = await addComment({ projectId, body: body.trim() });
    if ('error' in result) {
      toast.error(t('projects.toast.commentFailed'), { detail: failureDetail(result.error, t) });
      return;
    }
    setBody('');
    setError(null);
  };

  return (
    <GroupSection title={t('projects.userSpace.comments')}>
      {isLoading ? (
        <LoadingText>{t('shell.loading')}</LoadingText>
      ) : isError ? (
        <FormAlert>{t('projects.userSpace.loadFailed')}</FormAlert>
      ) : comments && comments.length > 0 ? (
        <Comments aria-label={t('projects.userSpace.comments')}>
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              projectId={projectId}
              comment={comment}
              own={!readOnly && me?.id === comment.authorUserId}
              onDelete={setToDelete}
            />
          ))}
        </Comments>
      ) : (
        <p>
          <Muted>{t('projects.userSpace.noComments')}</Muted>
        </p>
      )}
      {!readOnly && (
        <Composer noValidate onSubmit={(event) => void submit(event)}>
          <TextArea
            label={t('projects.userSpace.comment')}
            value={body}
            maxLength={5000}
            rows={3}
            fullWidth
            error={error ?? undefined}
            onChange={(event) => {
              setBody(event.target.value);
              setError(null);
            }}
          />
          <div>
            <Button type="submit" loading={posting}>
              {t('projects.userSpace.post')}
            </Button>
          </div>
        </Composer>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        tone="danger"
        title={t('projects.userSpace.deleteCommentTitle')}
        message={t('projects.userSpace.deleteCommentMessage')}
        confirmLabel={t('projects.userSpace.deleteFileConfirm')}
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </GroupSection>
  );
}
