import {
  isApiError,
  chatFilePaths,
  fetchChatFile,
  useEditChatMessageMutation,
  useWithdrawChatMessageMutation,
} from '@ipportal/api-client';
import type { RequestKey } from '@ipportal/api-client';
import { chatEditWindowMs, chatMessageMaxLength, chatWithdrawWindowMs } from '@ipportal/domain';
import type { ChatMember, ChatMessage, ChatRoom } from '@ipportal/domain';
import { Button, ConfirmDialog, FileIcon, useToast } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { useAppDispatch } from '../../app/hooks';
import { useLocale } from '../../i18n/use-locale';
import { saveFile } from '../../shared/save-file';
import { useChatFormats } from './chat-format';
import { MentionInput } from './mention-input';
import { mentionedIn, splitMentions } from './mentions';

const Item = styled.li<{ $mine: boolean }>`
  display: flex;
  justify-content: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
`;

const Bubble = styled.article<{ $mine: boolean; $mentionsMe: boolean; $editing: boolean }>`
  width: ${({ $editing }) => ($editing ? '100%' : 'auto')};
  max-width: min(640px, 85%);
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.md}px`};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.lg}px;
  background: ${({ theme, $mine }) => ($mine ? theme.colors.primarySubtle : theme.colors.surface)};
  ${({ theme, $mentionsMe }) =>
    $mentionsMe &&
    css`
      border-left: 4px solid ${theme.colors.warning};
    `}
  & > header {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 ${({ theme }) => theme.space.sm}px;
    font-size: ${({ theme }) => theme.typography.fontSize.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & > header > strong {
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Body = styled.p<{ $withdrawn: boolean }>`
  margin: ${({ theme }) => theme.space.xs}px 0 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: ${({ theme }) => theme.typography.lineHeight.normal};
  ${({ theme, $withdrawn }) =>
    $withdrawn &&
    css`
      font-style: italic;
      color: ${theme.colors.textMuted};
    `}
`;

const Mention = styled.strong<{ $me: boolean }>`
  padding: 0 2px;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  color: ${({ theme }) => theme.colors.primary};
  background: ${({ theme, $me }) => ($me ? theme.colors.warningSubtle : theme.colors.infoSubtle)};
`;

const Attachments = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs}px;
  margin: ${({ theme }) => theme.space.sm}px 0 0;
  padding: 0;
  list-style: none;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs}px ${({ theme }) => theme.space.sm}px;
  margin-top: ${({ theme }) => theme.space.xs}px;
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  & details {
    flex-basis: 100%;
    text-align: left;
  }
  & details > summary {
    width: fit-content;
    margin-left: auto;
    cursor: pointer;
    text-decoration: underline;
  }
  & details[open] > summary {
    margin-left: 0;
  }
  & details ol {
    margin: ${({ theme }) => theme.space.xs}px 0 0;
    padding-left: ${({ theme }) => theme.space.lg}px;
  }
  & details li > p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    color: ${({ theme }) => theme.colors.text};
  }
`;

const ReadMark = styled.span`
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  color: ${({ theme }) => theme.colors.success};
`;

const EditActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm}px;
  margin-top: ${({ theme }) => theme.space.sm}px;
`;

export interface MessageContext {
  requestKey: RequestKey;
  room: ChatRoom;
  myUserId: string | null;
  /** Members the caller may mention (all but the caller). */
  mentionable: readonly ChatMember[];
  now: number;
}

/** The server's reason for a refusal (in the user's language), when it gave one. */
const serverReason = (error: unknown) => (isApiError(error) ? (error.serverMessage ?? undefined) : undefined);

function MessageBody({ message, myUserId }: { message: ChatMessage; myUserId: string | null }) {
  const parts = splitMentions(message.body, message.mentions);
  return (
    <Body $withdrawn={false}>
      {parts.map((part, index) =>
        part.mention ? (
          <Mention key={index} $me={part.userId === myUserId}>
            {part.text}
          </Mention>
        ) : (
          part.text
        ),
      )}
    </Body>
  );
}

/**
 * One message: sender, time, text with its mentions, files, "既読" on the caller's side's
 * messages the other side has read (when it shares that), "edited" with the earlier texts, and
 * the sender's edit (15 min) and withdraw (2 min) while their windows are open.
 */
export function ChatMessageItem({ message, context }: { message: ChatMessage; context: MessageContext }) {
  const { t } = useTranslation();
  const [locale] = useLocale();
  const formats = useChatFormats();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { room, requestKey, myUserId, now } = context;
  const [editing, setEditing] = useState<string | null>(null);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const [edit, { isLoading: saving }] = useEditChatMessageMutation();
  const [withdraw, { isLoading: withdrawing }] = useWithdrawChatMessageMutation();

  const mineSide = message.side === room.mySide;
  const mine = myUserId !== null && message.senderUserId === myUserId;
  const withdrawn = message.withdrawnAt !== null;
  const age = now - new Date(message.sentAt).getTime();
  const canEdit = mine && room.writable && !withdrawn && age < chatEditWindowMs;
  const canWithdraw = mine && room.writable && !withdrawn && age < chatWithdrawWindowMs;
  const read =
    mineSide &&
    room.otherSideSharesReadReceipts &&
    room.otherSideReadSeq !== null &&
    room.otherSideReadSeq >= message.seq;
  const mentionsMe = !withdrawn && message.mentions.some((m) => m.userId === myUserId);
  const affiliation = room.members.find((m) => m.userId === message.senderUserId)?.affiliation ?? '';

  const download = async (fileId: string, name: string) => {
    const result = await dispatch(
      fetchChatFile(chatFilePaths.attachment(requestKey, message.id, fileId), locale),
    );
    if ('error' in result) {
      toast.error(t('chat.message.downloadFailed'), { detail: result.error.serverMessage ?? undefined });
      return;
    }
    saveFile(name, result.data.blob);
  };

  const saveEdit = async () => {
    if (editing === null) return;
    const text = editing.trim();
    if (text === '') {
      toast.error(t('chat.message.editEmpty'));
      return;
    }
    const result = await edit({
      ...requestKey,
      messageId: message.id,
      body: { body: text, mentions: mentionedIn(text, context.mentionable) },
    });
    if ('error' in result) {
      toast.error(t('chat.message.editFailed'), { detail: serverReason(result.error) });
      return;
    }
    setEditing(null);
  };

  const confirm = async () => {
    const result = await withdraw({ ...requestKey, messageId: message.id });
    setConfirmWithdraw(false);
    if ('error' in result) {
      toast.error(t('chat.message.withdrawFailed'), { detail: serverReason(result.error) });
    }
  };

  const sender = affiliation
    ? t('chat.message.senderOf', { name: message.senderName, affiliation })
    : message.senderName;
  return (
    <Item $mine={mineSide}>
      <Bubble
        $mine={mineSide}
        $mentionsMe={mentionsMe}
        $editing={editing !== null}
        aria-label={t('chat.message.label', { name: message.senderName, time: formats.time(message.sentAt) })}
      >
        <header>
          <strong>{mine ? t('chat.message.you', { name: message.senderName }) : sender}</strong>
          <time dateTime={message.sentAt} title={formats.dateTime(message.sentAt)}>
            {formats.time(message.sentAt)}
          </time>
          {mentionsMe && <span>{t('chat.message.mentionsYou')}</span>}
        </header>
        {withdrawn ? (
          <Body $withdrawn>{t('chat.message.withdrawn')}</Body>
        ) : editing !== null ? (
          <div>
            <MentionInput
              label={t('chat.message.editLabel')}
              value={editing}
              onChange={setEditing}
              members={context.mentionable}
              maxLength={chatMessageMaxLength}
              onSubmitShortcut={() => void saveEdit()}
              autoFocus
            />
            <EditActions>
              <Button variant="tertiary" size="sm" onClick={() => setEditing(null)}>
                {t('chat.message.cancel')}
              </Button>
              <Button size="sm" loading={saving} onClick={() => void saveEdit()}>
                {t('chat.message.save')}
              </Button>
            </EditActions>
          </div>
        ) : (
          message.body !== '' && <MessageBody message={message} myUserId={myUserId} />
        )}
        {!withdrawn && message.attachments.length > 0 && (
          <Attachments aria-label={t('chat.message.attachments')}>
            {message.attachments.map((file) => (
              <li key={file.id}>
                <Button
                  variant="secondary"
                  size="sm"
                  startIcon={<FileIcon />}
                  aria-label={t('chat.message.download', { name: file.name })}
                  onClick={() => void download(file.id, file.name)}
                >
                  {file.name} ({formats.bytes(file.sizeBytes)})
                </Button>
              </li>
            ))}
          </Attachments>
        )}
        <Footer>
          {read && <ReadMark>{t('chat.message.read')}</ReadMark>}
          {canEdit && editing === null && (
            <Button variant="tertiary" size="sm" onClick={() => setEditing(message.body)}>
              {t('chat.message.edit')}
            </Button>
          )}
          {canWithdraw && editing === null && (
            <Button variant="tertiary" size="sm" onClick={() => setConfirmWithdraw(true)}>
              {t('chat.message.withdraw')}
            </Button>
          )}
          {message.editedAt !== null && !withdrawn && (
            <details>
              <summary>{t('chat.message.edited')}</summary>
              <ol aria-label={t('chat.message.revisions')}>
                {message.revisions.map((revision) => (
                  <li key={revision.replacedAt}>
                    <p>{revision.body}</p>
                    <span>
                      {t('chat.message.replacedAt', { time: formats.dateTime(revision.replacedAt) })}
                    </span>
                  </li>
                ))}
              </ol>
            </details>
          )}
        </Footer>
      </Bubble>
      <ConfirmDialog
        open={confirmWithdraw}
        tone="danger"
        title={t('chat.message.withdrawTitle')}
        message={t('chat.message.withdrawMessage')}
        confirmLabel={t('chat.message.withdrawConfirm')}
        cancelLabel={t('chat.message.cancel')}
        loading={withdrawing}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirmWithdraw(false)}
      />
    </Item>
  );
}
