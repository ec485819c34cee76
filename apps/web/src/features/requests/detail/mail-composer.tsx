import { sendRequestMail } from '@ipportal/api-client';
import {
  createRequestMailFieldsSchema,
  describeIssue,
  requestMailAttachmentMaxBytes,
  requestMailMaxAttachments,
} from '@ipportal/domain';
import { Button, FileDrop, TextArea, TextField, useToast } from '@ipportal/ui';
import type { FileDropItem } from '@ipportal/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch } from '../../../app/hooks';
import { useFormWarning } from '../../../shared/form-warning';
import { useUnsavedChanges } from '../../../shared/unsaved-changes';
import type { DetailContext } from './detail-frame';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md}px;
  padding: ${({ theme }) => `${theme.space.lg}px`};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.lg}px;
  background: ${({ theme }) => theme.colors.surface};
  & > h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.md};
  }
  & > p {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & > div:last-child {
    display: flex;
    justify-content: flex-end;
  }
`;

type Errors = Partial<Record<'subject' | 'body', string>>;

/** A new mail: subject, body and attachments, checked with the server's own schema before sending. */
export function MailComposer({ context }: { context: DetailContext }) {
  const { t } = useTranslation();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<{ id: string; file: File }[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const warning = useFormWarning();
  useUnsavedChanges(!context.readOnly && (subject !== '' || body !== '' || files.length > 0));

  if (context.readOnly) return <p>{t('requestDetail.mails.readOnly')}</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = createRequestMailFieldsSchema.safeParse({ subject, body });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'subject' || field === 'body') {
          const message = describeIssue(issue);
          next[field] ??= t(message.key, message.params ?? {});
        }
      }
      setErrors(next);
      warning.warn(t('requestDetail.mails.validationErrors'));
      return;
    }
    warning.dismiss();
    setSending(true);
    const result = await dispatch(
      sendRequestMail(context.requestKey, { ...parsed.data, attachments: files.map((f) => f.file) }),
    );
    setSending(false);
    if ('error' in result) {
      toast.error(t('requestDetail.mails.sendFailed'), { detail: result.error.serverMessage ?? undefined });
      return;
    }
    toast.info(t('requestDetail.mails.sent'));
    setSubject('');
    setBody('');
    setFiles([]);
    setErrors({});
  };

  const listed: FileDropItem[] = files.map(({ id, file }) => ({ id, name: file.name, size: file.size }));
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="mail-compose-heading">
      <h3 id="mail-compose-heading">{t('requestDetail.mails.compose')}</h3>
      <p>{t('requestDetail.mails.composeHint')}</p>
      <TextField
        label={t('requestDetail.mails.subject')}
        required
        fullWidth
        maxLength={200}
        value={subject}
        error={errors.subject}
        onChange={(event) => {
          setSubject(event.target.value);
          setErrors((e) => ({ ...e, subject: undefined }));
        }}
      />
      <TextArea
        label={t('requestDetail.mails.body')}
        required
        fullWidth
        rows={6}
        maxLength={10_000}
        value={body}
        error={errors.body}
        onChange={(event) => {
          setBody(event.target.value);
          setErrors((e) => ({ ...e, body: undefined }));
        }}
      />
      <FileDrop
        label={t('requestDetail.mails.attach')}
        maxSize={requestMailAttachmentMaxBytes}
        maxFiles={requestMailMaxAttachments - files.length}
        disabled={sending || files.length >= requestMailMaxAttachments}
        files={listed}
        onRemove={(id) => setFiles((current) => current.filter((f) => f.id !== id))}
        onFilesAccepted={(accepted) =>
          setFiles((current) => [
            ...current,
            ...accepted.map((file, i) => ({ id: `${Date.now()}-${i}-${file.name}`, file })),
          ])
        }
      />
      <div>
        <Button type="submit" loading={sending}>
          {t('requestDetail.mails.send')}
        </Button>
      </div>
    </Form>
  );
}
