import {
  fetchProjectBlob,
  projectBinaryPaths,
  uploadUserSpaceFile,
  useDeleteUserSpaceFileMutation,
  useGetUserQuery,
  useListUserSpaceFilesQuery,
} from '@ipportal/api-client';
import { userSpaceFileMaxBytes } from '@ipportal/domain';
import type { UserSpaceFile } from '@ipportal/domain';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  FileDrop,
  FileIcon,
  IconButton,
  LoadingText,
  TrashIcon,
  useToast,
} from '@ipportal/ui';
import type { FileDropItem } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch } from '../../../../app/hooks';
import { FormAlert } from '../../../../shared/forms/form-alert';
import { saveFile } from '../../../../shared/save-file';
import { useFormats } from '../../format';
import { failureDetail } from '../failure-detail';
import { GroupSection } from '../layout';

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
 * The user space's files: upload (several at once, each shown while it uploads), download, and
 * delete by the one who uploaded it (after confirming). A deleted matter's files can still be
 * downloaded.
 */
export function FilesSection({ projectId, readOnly }: { projectId: string; readOnly: boolean }) {
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
