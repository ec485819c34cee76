import { useId, useRef, useState } from 'react';
import type { DragEvent, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { useTexts, useUiText } from '../../i18n';
import type { UiTexts } from '../../i18n';
import { FileIcon, UploadIcon, CloseIcon } from '../../icons';
import { ErrorText, HelpText, Label, LabelRow, RequiredMark } from '../../internal/Field';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { formatBytes, validateFiles } from './file-rules';
import type { FileRejection } from './file-rules';

/** A file shown in the list under the drop zone, with upload progress supplied by the caller. */
export interface FileDropItem {
  id: string;
  name: string;
  /** Size in bytes. */
  size: number;
  /** Upload progress 0–100; omit when not uploading. */
  progress?: number;
  /** `error` shows the message in red; `done` marks completion. */
  status?: 'uploading' | 'done' | 'error';
  /** Error message for this file (e.g. "upload failed"). */
  error?: string;
}

export interface FileDropProps {
  /** Visible label of the field. */
  label: ReactNode;
  /** Accepted types: extensions (".pdf"), MIME types or wildcards ("image/*"). */
  accept?: readonly string[];
  /** Largest allowed size per file, in bytes. */
  maxSize?: number;
  /** Most files accepted at once. */
  maxFiles?: number;
  /** Allows more than one file. Defaults to true. */
  multiple?: boolean;
  disabled?: boolean;
  /** Shows the required mark. */
  required?: boolean;
  /** Hint under the field; the limits are listed automatically. */
  helpText?: ReactNode;
  /** Called with the files that passed the limits. */
  onFilesAccepted: (files: File[]) => void;
  /** Called with refused files and their messages (the messages are also shown). */
  onFilesRejected?: (rejections: FileRejection[]) => void;
  /** Files to list with their progress, owned by the caller. */
  files?: readonly FileDropItem[];
  /** Shows a remove button per listed file. */
  onRemove?: (id: string) => void;
  /** Overrides of built-in texts for this instance. */
  labels?: Partial<UiTexts>;
  className?: string;
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs}px;
`;

const Zone = styled.div<{ $active: boolean; $disabled: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px;
  padding: ${({ theme }) => `${theme.space.xl}px ${theme.space.lg}px`};
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  transition: background-color ${({ theme }) => theme.timing.transitionMs}ms;
  ${({ $active, theme }) =>
    $active &&
    css`
      border-color: ${theme.colors.primary};
      background: ${theme.colors.primarySubtle};
      color: ${theme.colors.primary};
    `}
  ${({ $disabled, theme }) =>
    $disabled &&
    css`
      background: ${theme.colors.surfaceMuted};
      border-color: ${theme.colors.divider};
    `}
`;

const Prompt = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
`;

const HiddenInput = styled.input`
  display: none;
`;

const Errors = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs}px;
  margin: ${({ theme }) => theme.space.xs}px 0 0;
  padding: 0;
  list-style: none;
`;

const FileRow = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md}px;
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.md}px`};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.surface};
  & > svg {
    flex: none;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const FileInfo = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs}px;
`;

const FileName = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
`;

const FileMeta = styled.span<{ $error: boolean }>`
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
  font-variant-numeric: tabular-nums;
`;

const Track = styled.div`
  height: 6px;
  border-radius: ${({ theme }) => theme.radii.pill}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.div<{ $error: boolean }>`
  height: 100%;
  background: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.primary)};
  transition: width ${({ theme }) => theme.timing.transitionMs}ms;
`;

/**
 * Drag-and-drop or pick files. Checks type, size and count limits and shows a clear message per
 * refused file; lists the caller's files with upload progress (the caller passes `progress`).
 */
export function FileDrop({
  label,
  accept,
  maxSize,
  maxFiles,
  multiple = true,
  disabled = false,
  required,
  helpText,
  onFilesAccepted,
  onFilesRejected,
  files = [],
  onRemove,
  labels,
  className,
}: FileDropProps) {
  const texts = useTexts(labels);
  const { locale } = useUiText();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(false);
  const dragDepth = useRef(0);
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const limit = multiple ? maxFiles : 1;

  const handle = (list: FileList | null) => {
    if (!list || disabled) return;
    const { accepted, rejected } = validateFiles(
      Array.from(list),
      { accept, maxSize, maxFiles: limit },
      texts,
      locale,
    );
    setRejections(rejected);
    if (rejected.length > 0) onFilesRejected?.(rejected);
    if (accepted.length > 0) onFilesAccepted(accepted);
  };

  const limitsText = texts.fileLimits({
    accept: accept?.join(', '),
    maxSize: maxSize !== undefined ? formatBytes(maxSize, locale) : undefined,
    maxFiles: limit,
  });

  const onDragEnter = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (disabled) return;
    dragDepth.current += 1;
    setActive(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setActive(false);
  };

  const describedBy = [limitsText ? `${id}-limits` : null, helpText ? `${id}-help` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <Root
      className={className}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy || undefined}
    >
      <LabelRow>
        <Label as="span" id={`${id}-label`}>
          {label}
        </Label>
        {required && <RequiredMark>{texts.required}</RequiredMark>}
      </LabelRow>
      <Zone
        $active={active}
        $disabled={disabled}
        data-testid="file-drop-zone"
        onDragEnter={onDragEnter}
        onDragOver={(event) => {
          event.preventDefault();
          if (event.dataTransfer) event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
        }}
        onDragLeave={onDragLeave}
        onDrop={(event) => {
          event.preventDefault();
          dragDepth.current = 0;
          setActive(false);
          handle(event.dataTransfer?.files ?? null);
        }}
      >
        <UploadIcon size={32} />
        <Prompt>{active ? texts.fileDropActive : texts.fileDropPrompt}</Prompt>
        <Button variant="secondary" size="sm" disabled={disabled} onClick={() => inputRef.current?.click()}>
          {texts.chooseFiles}
        </Button>
        {limitsText && <HelpText id={`${id}-limits`}>{limitsText}</HelpText>}
        <HiddenInput
          ref={inputRef}
          type="file"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="file-drop-input"
          accept={accept?.join(',')}
          multiple={multiple}
          disabled={disabled}
          onChange={(event) => {
            handle(event.target.files);
            event.target.value = '';
          }}
        />
      </Zone>
      {helpText && <HelpText id={`${id}-help`}>{helpText}</HelpText>}
      <div role="alert">
        {rejections.length > 0 && (
          <Errors>
            {rejections.map((r, i) => (
              <li key={`${r.file.name}-${i}`}>
                <ErrorText>{r.message}</ErrorText>
              </li>
            ))}
          </Errors>
        )}
      </div>
      {files.length > 0 && (
        <List>
          {files.map((file) => {
            const failed = file.status === 'error';
            const pct =
              file.progress === undefined ? undefined : Math.max(0, Math.min(100, Math.round(file.progress)));
            return (
              <FileRow key={file.id}>
                <FileIcon />
                <FileInfo>
                  <FileName title={file.name}>{file.name}</FileName>
                  <FileMeta $error={failed}>
                    {formatBytes(file.size, locale)}
                    {pct !== undefined && file.status !== 'done' && !failed && ` · ${pct}%`}
                    {file.status === 'done' && ` · ${texts.uploadDone}`}
                    {failed && ` · ${file.error ?? texts.uploadFailed}`}
                  </FileMeta>
                  {pct !== undefined && file.status !== 'done' && (
                    <Track
                      role="progressbar"
                      aria-label={texts.uploadProgress(file.name)}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={pct}
                    >
                      <Fill $error={failed} style={{ width: `${pct}%` }} />
                    </Track>
                  )}
                </FileInfo>
                {onRemove && (
                  <IconButton
                    size="sm"
                    label={texts.removeFile(file.name)}
                    icon={<CloseIcon size={18} />}
                    onClick={() => onRemove(file.id)}
                  />
                )}
              </FileRow>
            );
          })}
        </List>
      )}
    </Root>
  );
}
