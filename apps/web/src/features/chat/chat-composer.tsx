import { sendChatMessage } from '@ipportal/api-client';
import type { RequestKey } from '@ipportal/api-client';
import { chatAttachmentMaxBytes, chatMaxAttachments, chatMessageMaxLength } from '@ipportal/domain';
import type { ChatMember } from '@ipportal/domain';
import { Button, CloseIcon, FileIcon, IconButton } from '@ipportal/ui';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch } from '../../app/hooks';
import { useLocale } from '../../i18n/use-locale';
import { FormAlert } from '../../shared/forms/form-alert';
import { useChatFormats } from './chat-format';
import { MentionInput } from './mention-input';
import { mentionedIn } from './mentions';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm}px;
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
  background: ${({ theme }) => theme.colors.surface};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm}px;
  & > p {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Files = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs}px;
  margin: 0;
  padding: 0;
  list-style: none;
  & > li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs}px;
    padding-left: ${({ theme }) => theme.space.sm}px;
    border: 1px solid ${({ theme }) => theme.colors.divider};
    border-radius: ${({ theme }) => theme.radii.pill}px;
    background: ${({ theme }) => theme.colors.surfaceMuted};
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
  }
`;

const HiddenInput = styled.input`
  display: none;
`;

interface Picked {
  id: string;
  file: File;
}

/**
 * A new message: the text with @mentions, up to `chatMaxAttachments` files of at most
 * `chatAttachmentMaxBytes` each (checked here first; the server's refusal, in the user's language,
 * shows the same way). Ctrl/⌘+Enter sends.
 */
export function ChatComposer({
  requestKey,
  members,
  onSent,
}: {
  requestKey: RequestKey;
  members: readonly ChatMember[];
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const [locale] = useLocale();
  const formats = useChatFormats();
  const dispatch = useAppDispatch();
  const fileInput = useRef<HTMLInputElement>(null);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<Picked[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const maxMb = chatAttachmentMaxBytes / (1024 * 1024);

  const addFiles = (list: FileList | null) => {
    if (!list) return;
    const chosen = [...list];
    const tooLarge = chosen.filter((file) => file.size > chatAttachmentMaxBytes);
    const fitting = chosen.filter((file) => file.size <= chatAttachmentMaxBytes);
    const room = chatMaxAttachments - files.length;
    const problems: string[] = tooLarge.map((file) =>
      t('chat.composer.fileTooLarge', { name: file.name, mb: maxMb }),
    );
    if (fitting.length > room) problems.push(t('chat.composer.tooManyFiles', { count: chatMaxAttachments }));
    setProblem(problems.length > 0 ? problems.join('\n') : null);
    const stamp = Date.now();
    setFiles((current) => [
      ...current,
      ...fitting.slice(0, Math.max(room, 0)).map((file, i) => ({ id: `${stamp}-${i}-${file.name}`, file })),
    ]);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    const text = body.trim();
    if (text === '' && files.length === 0) {
      setProblem(t('chat.composer.empty'));
      return;
    }
    if ([...text].length > chatMessageMaxLength) {
      setProblem(t('chat.composer.tooLong', { max: chatMessageMaxLength }));
      return;
    }
    setProblem(null);
    setSending(true);
    const result = await dispatch(
      sendChatMessage(
        requestKey,
        { body: text, mentions: mentionedIn(text, members), attachments: files.map((f) => f.file) },
        locale,
      ),
    );
    setSending(false);
    if ('error' in result) {
      const reason =
        result.error.serverMessage ??
        (result.error.status === 413 ? t('chat.composer.fileTooLarge413', { mb: maxMb }) : null);
      setProblem(reason ? `${t('chat.composer.sendFailed')}\n${reason}` : t('chat.composer.sendFailed'));
      return;
    }
    setBody('');
    setFiles([]);
    onSent();
  };

  return (
    <Form noValidate aria-label={t('chat.composer.label')} onSubmit={(event) => void submit(event)}>
      {problem && <FormAlert>{problem}</FormAlert>}
      <MentionInput
        label={t('chat.composer.message')}
        value={body}
        onChange={(value) => {
          setBody(value);
          if (problem) setProblem(null);
        }}
        members={members}
        maxLength={chatMessageMaxLength}
        onSubmitShortcut={() => void submit()}
      />
      {files.length > 0 && (
        <Files aria-label={t('chat.composer.attached')}>
          {files.map(({ id, file }) => (
            <li key={id}>
              <FileIcon size={16} aria-hidden="true" />
              <span>
                {file.name} ({formats.bytes(file.size)})
              </span>
              <IconButton
                size="sm"
                label={t('chat.composer.removeFile', { name: file.name })}
                icon={<CloseIcon />}
                onClick={() => setFiles((current) => current.filter((f) => f.id !== id))}
              />
            </li>
          ))}
        </Files>
      )}
      <Row>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          startIcon={<FileIcon />}
          disabled={sending || files.length >= chatMaxAttachments}
          onClick={() => fileInput.current?.click()}
        >
          {t('chat.composer.attach')}
        </Button>
        <HiddenInput
          ref={fileInput}
          type="file"
          multiple
          tabIndex={-1}
          aria-hidden="true"
          data-testid="chat-file-input"
          onChange={(event) => {
            addFiles(event.target.files);
            event.target.value = '';
          }}
        />
        <p>{t('chat.composer.hint', { count: chatMaxAttachments, mb: maxMb })}</p>
        <Button type="submit" loading={sending}>
          {t('chat.composer.send')}
        </Button>
      </Row>
    </Form>
  );
}
