import {
  fetchProjectBlob,
  projectBinaryPaths,
  uploadUserSpaceFile,
  useAddUserSpaceCommentMutation,
  useDeleteUserSpaceCommentMutation,
  useDeleteUserSpaceFileMutation,
  useGetUserQuery,
  useListUserSpaceCommentsQuery,
  useListUserSpaceFilesQuery,
  useUpdateUserSpaceCommentMutation,
} from '@ipportal/api-client';
import { userSpaceFileMaxBytes } from '@ipportal/domain';
import type { ProjectDetail, UserSpaceComment, UserSpaceFile } from '@ipportal/domain';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  FileDrop,
  FileIcon,
  IconButton,
  LoadingText,
  TextArea,
  TrashIcon,
  useToast,
} from '@ipportal/ui';
import type { FileDropItem } from '@ipportal/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch } from '../../../app/hooks';
import { FormAlert } from '../../../shared/forms/form-alert';
import { saveFile } from '../../../shared/save-file';
import { useFormats } from '../format';
import { failureDetail } from './editable-group';
import { GroupSection, Muted, Stack } from './layout';

const Comments = styled.ol`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.lg}px;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md}px;
`;

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

const Composer = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm}px;
  & > div:last-child {
    display: flex;
    justify-content: flex-end;
  }
`;

const FileList = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space.lg}px 0 0;
  padding: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
`;

const FileRow = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px ${({ theme }) => theme.space.md}px;
  padding: ${({ theme }) => theme.space.sm}px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  & > svg {
    flex: none;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & > .name {
    flex: 1 1 220px;
    min-width: 0;
    overflow-wrap: anywhere;
    font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
  }
  & > .meta {
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & > .actions {
    display: flex;
    gap: ${({ theme }) => theme.space.xs}px;
    margin-left: auto;
  }
`;

/**
 * One comment. Its author may change its text in place or delete it (after confirming); the
 * server keeps both in the matter's history.
 */
function CommentItem({
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

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (draft === null || saving) return;
    if (draft.trim() === '') {
      setError(t('validation.required'));
      toast.warn(t('projects.toast.validationErrors'));
      return;
    }
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

function CommentsSection({ projectId, readOnly }: { projectId: string; readOnly: boolean }) {
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (posting) return;
    if (body.trim() === '') {
      setError(t('validation.required'));
      toast.warn(t('projects.toast.validationErrors'));
      return;
    }
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

function FilesSection({ projectId, readOnly }: { projectId: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const { data: me } = useGetUserQuery();
  const { data: files, isLoading, isError } = useListUserSpaceFilesQuery(projectId);
  const [deleteFile, { isLoading: deleting }] = useDeleteUserSpaceFileMutation();
  const [uploads, setUploads] = useState<FileDropItem[]>([]);
  const [toDelete, setToDelete] = useState<UserSpaceFile | null>(null);

  const upload = async (accepted: File[]) => {
    for (const file of accepted) {
      const id = `${file.name}-${file.size}-${Date.now()}`;
      setUploads((current) => [...current, { id, name: file.name, size: file.size, status: 'uploading' }]);
      const result = await dispatch(uploadUserSpaceFile(projectId, file));
      if ('error' in result) {
        const detail = failureDetail(result.error, t);
        toast.error(t('projects.toast.uploadFailed'), {
          detail: detail ? `${file.name}\n${detail}` : file.name,
        });
        setUploads((current) =>
          current.map((item) =>
            item.id === id ? { ...item, status: 'error', error: t('projects.toast.uploadFailed') } : item,
          ),
        );
      } else {
        setUploads((current) => current.filter((item) => item.id !== id));
      }
    }
  };

  const download = async (file: UserSpaceFile) => {
    const result = await dispatch(fetchProjectBlob(projectBinaryPaths.userSpaceFile(projectId, file.id)));
    if ('error' in result) {
      toast.error(t('projects.toast.downloadFailed'), { detail: failureDetail(result.error, t) });
      return;
    }
    saveFile(file.name, result.data);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const result = await deleteFile({ projectId, fileId: toDelete.id });
    if ('error' in result) {
      toast.error(t('projects.toast.fileDeleteFailed'), { detail: failureDetail(result.error, t) });
    } else {
      toast.info(t('projects.toast.fileDeleted'));
    }
    setToDelete(null);
  };

  return (
    <GroupSection title={t('projects.userSpace.files')}>
      {!readOnly && (
        <FileDrop
          label={t('projects.userSpace.upload')}
          maxSize={userSpaceFileMaxBytes}
          files={uploads}
          onRemove={(id) => setUploads((current) => current.filter((item) => item.id !== id))}
          onFilesAccepted={(accepted) => void upload(accepted)}
          onFilesRejected={(rejections) => {
            for (const rejection of rejections) {
              toast.error(t('projects.toast.uploadFailed'), {
                detail: `${rejection.file.name}\n${rejection.message}`,
              });
            }
          }}
        />
      )}
      {isLoading ? (
        <LoadingText>{t('shell.loading')}</LoadingText>
      ) : isError ? (
        <FormAlert>{t('projects.userSpace.loadFailed')}</FormAlert>
      ) : files && files.length > 0 ? (
        <FileList aria-label={t('projects.userSpace.files')}>
          {files.map((file) => {
            const own = me?.id === file.createdBy;
            return (
              <FileRow key={file.id}>
                <FileIcon size={20} aria-hidden="true" />
                <span className="name">{file.name}</span>
                <span className="meta">
                  {t('projects.userSpace.fileMeta', {
                    size: formats.bytes(file.sizeBytes),
                    name: file.createdByName,
                    date: formats.dateTime(file.createDate),
                  })}
                </span>
                <span className="actions">
                  <Button variant="secondary" size="sm" onClick={() => void download(file)}>
                    {t('projects.userSpace.download')}
                  </Button>
                  {own && !readOnly && (
                    <IconButton
                      label={t('projects.userSpace.deleteFile', { name: file.name })}
                      icon={<TrashIcon size={18} />}
                      onClick={() => setToDelete(file)}
                    />
                  )}
                </span>
              </FileRow>
            );
          })}
        </FileList>
      ) : (
        <EmptyState headingLevel={4} title={t('projects.userSpace.noFiles')} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        tone="danger"
        title={t('projects.userSpace.deleteFileTitle')}
        message={toDelete ? t('projects.userSpace.deleteFileMessage', { name: toDelete.name }) : undefined}
        confirmLabel={t('projects.userSpace.deleteFileConfirm')}
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </GroupSection>
  );
}

/**
 * The user space (spec sections 3 and 6): comments and files private to the client side. The
 * page shows this tab to REGULAR users only; the server refuses it to firms and concierges.
 */
export function UserSpace({ detail }: { detail: ProjectDetail }) {
  const { t } = useTranslation();
  const readOnly = detail.deletedAt !== null;
  return (
    <Stack $gap="xl">
      <FormAlert tone="info">{t('projects.userSpace.privateNote')}</FormAlert>
      <CommentsSection projectId={detail.id} readOnly={readOnly} />
      <FilesSection projectId={detail.id} readOnly={readOnly} />
    </Stack>
  );
}
