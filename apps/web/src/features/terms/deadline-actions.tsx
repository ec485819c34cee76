import {
  useConfirmDeadlineMutation,
  useGetUserQuery,
  useSetDeadlineStateMutation,
} from '@ipportal/api-client';
import type { DeadlineItem } from '@ipportal/domain';
import { Button, Dialog, TextArea, useToast } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { failureReason } from '../../shared/failure-reason';
import { deadlineName } from './deadline-view';
import { DoneDialog } from './done-dialog';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs}px;
  @media print {
    display: none;
  }
`;

/**
 * Done (asking the day it was done, a note and evidence), let lapse (with a reason), open again
 * in one click, and the second person's check. The server decides
 * who may; the confirm button is offered only to someone other than who entered or marked it.
 */
export function DeadlineActions({ item }: { item: DeadlineItem }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data: me } = useGetUserQuery();
  const [setState, { isLoading: saving }] = useSetDeadlineStateMutation();
  const [confirm, { isLoading: confirming }] = useConfirmDeadlineMutation();
  const [doneOpen, setDoneOpen] = useState(false);
  const [lapseOpen, setLapseOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const decide = async (body: Parameters<typeof setState>[0]['body']) => {
    try {
      await setState({ projectId: item.projectId, body }).unwrap();
      toast.info(t('terms.saved'));
      return true;
    } catch (error) {
      toast.error(t('terms.actions.failed'), { detail: failureReason(error) });
      return false;
    }
  };
  const canConfirm =
    !item.confirmedBy && me?.id !== undefined && item.enteredBy?.id !== me.id && item.stateBy?.id !== me.id;
  // Which deadline a button acts on, for its accessible name: a list has many rows of buttons,
  // and a matter several deadlines.
  const label = `${item.refrenceCode} ${deadlineName(t, item)}`;

  return (
    <Row>
      {item.state === 'open' ? (
        <>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${t('terms.actions.done')} ${label}`}
            onClick={() => setDoneOpen(true)}
          >
            {t('terms.actions.done')}
          </Button>
          <Button
            size="sm"
            variant="tertiary"
            aria-label={`${t('terms.actions.lapse')} ${label}`}
            onClick={() => {
              // A new question each time: no reason or complaint left from a dialog cancelled before.
              setReason('');
              setReasonError(undefined);
              setLapseOpen(true);
            }}
          >
            {t('terms.actions.lapse')}
          </Button>
        </>
      ) : (
        <Button
          size="sm"
          variant="tertiary"
          loading={saving}
          aria-label={`${t('terms.actions.reopen')} ${label}`}
          onClick={() => void decide({ key: item.key, state: 'open' })}
        >
          {t('terms.actions.reopen')}
        </Button>
      )}
      {canConfirm && (
        <Button
          size="sm"
          variant="tertiary"
          loading={confirming}
          aria-label={`${t('terms.actions.confirm')} ${label}`}
          onClick={() =>
            void confirm({ projectId: item.projectId, body: { key: item.key } })
              .unwrap()
              .then(
                () => toast.info(t('terms.saved')),
                (error: unknown) =>
                  toast.error(t('terms.actions.confirmFailed'), { detail: failureReason(error) }),
              )
          }
        >
          {t('terms.actions.confirm')}
        </Button>
      )}
      {doneOpen && (
        <DoneDialog
          open
          deadlineKey={item.key}
          saving={saving}
          onClose={() => setDoneOpen(false)}
          onDone={(body) =>
            decide(body).then((ok) => {
              if (ok) setDoneOpen(false);
              return ok;
            })
          }
        />
      )}
      <Dialog
        open={lapseOpen}
        onClose={() => setLapseOpen(false)}
        title={t('terms.lapseDialog.title')}
        description={
          item.scope === 'pension'
            ? `${t('terms.lapseDialog.description')} ${t('terms.lapseDialog.pensionNote')}`
            : t('terms.lapseDialog.description')
        }
        unsavedChanges={reason.trim() !== ''}
        actions={
          <>
            <Button variant="secondary" onClick={() => setLapseOpen(false)}>
              {t('terms.lapseDialog.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={saving}
              onClick={() => {
                if (reason.trim() === '') {
                  setReasonError(t('validation.required'));
                  return;
                }
                void decide({ key: item.key, state: 'lapsed', reason: reason.trim() }).then((ok) => {
                  if (ok) {
                    setLapseOpen(false);
                    setReason('');
                  }
                });
              }}
            >
              {t('terms.lapseDialog.submit')}
            </Button>
          </>
        }
      >
        <TextArea
          label={t('terms.lapseDialog.reason')}
          required
          value={reason}
          maxLength={500}
          error={reasonError}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        />
      </Dialog>
    </Row>
  );
}
