import {
  useCreateDealMutation,
  useDeleteDealMutation,
  useSendDealMutation,
  useUpdateDealMutation,
} from '@ipportal/api-client';
import type { RequestKey } from '@ipportal/api-client';
import type { Deal, DealDraftBody } from '@ipportal/domain';
import { Button, ConfirmDialog, TextArea, TextField, useToast } from '@ipportal/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormRow } from '../../shared/forms/form-parts';
import { useForm } from '../../shared/forms/use-form';
import { draftsOf, emptyLine, linesBody, previewTotals } from './line-drafts';
import type { LineDraft } from './line-drafts';
import { LineItemsEditor } from './line-items-editor';
import { EditorPanel, Section } from './panel';
import { TotalsTable } from './totals-table';
import { EstimateDocument } from '../billing-documents';
import { useFieldErrors } from './use-field-errors';

const formId = 'estimate-editor';

export interface EstimateEditorProps {
  requestKey: RequestKey;
  /** The draft being edited; null drafts a new estimate. */
  deal: Deal | null;
  /** The office is an individual attorney: the preview withholds income tax. */
  individual: boolean;
  /** After the first save (the new draft's id) or after sending. */
  onSaved: (deal: Deal) => void;
  /** After deleting, or closing without saving. */
  onClose: () => void;
}

/**
 * The office drafts an estimate: title, validity, notes and lines, with the totals previewed by
 * the domain's `computeTotals` (the server computes the stored ones). Save, delete, send.
 */
export function EstimateEditor({ requestKey, deal, individual, onSaved, onClose }: EstimateEditorProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useForm<{ title: string; validUntil: string; notes: string; lines: LineDraft[] }>({
    defaultValues: {
      title: deal?.title ?? '',
      validUntil: deal?.validUntil ?? '',
      notes: deal?.notes ?? '',
      lines: deal && deal.lines.length > 0 ? draftsOf(deal.lines) : [emptyLine()],
    },
    ids: formId,
    onSubmit: submit,
  });
  const { title, validUntil, notes, lines } = form.values;
  // A new estimate is not stored yet: it needs saving before it can be sent.
  const dirty = deal === null || form.formState.isDirty;
  const [showDocument, setShowDocument] = useState(false);
  const [confirm, setConfirm] = useState<'send' | 'delete' | null>(null);
  const { errors, report } = useFieldErrors(form);
  const [create, created] = useCreateDealMutation();
  const [update, updated] = useUpdateDealMutation();
  const [remove, removed] = useDeleteDealMutation();
  const [send, sent] = useSendDealMutation();
  const busy = created.isLoading || updated.isLoading || removed.isLoading || sent.isLoading;

  const preview = useMemo(() => previewTotals(lines, individual), [lines, individual]);

  const body = (): DealDraftBody => ({
    title,
    validUntil: validUntil === '' ? null : validUntil,
    notes: notes.trim() === '' ? undefined : notes,
    lines: linesBody(lines),
  });

  /** Saves when there is something to save; the stored draft, or null when the server refused. */
  async function save(): Promise<Deal | null> {
    if (deal && !dirty) return deal;
    form.clearErrors();
    const result = deal
      ? await update({ ...requestKey, dealId: deal.id, body: body() })
      : await create({ ...requestKey, body: body() });
    if ('error' in result) {
      report(result.error, 'billingOffice.estimate.saveFailed');
      return null;
    }
    form.reset();
    return result.data;
  }

  async function submit() {
    const saved = await save();
    if (!saved) return;
    toast.info(t('billingOffice.estimate.saved'));
    onSaved(saved);
  }

  async function confirmSend() {
    const saved = await save();
    if (!saved) {
      setConfirm(null);
      return;
    }
    const result = await send({ ...requestKey, dealId: saved.id });
    setConfirm(null);
    if ('error' in result) {
      report(result.error, 'billingOffice.estimate.sendFailed');
      onSaved(saved);
      return;
    }
    toast.info(t('billingOffice.estimate.sentToast', { number: result.data.number }));
    onSaved(result.data);
  }

  async function confirmDelete() {
    if (!deal) return;
    const result = await remove({ ...requestKey, dealId: deal.id });
    setConfirm(null);
    if ('error' in result) {
      report(result.error, 'billingOffice.estimate.deleteFailed');
      return;
    }
    form.reset();
    toast.info(t('billingOffice.estimate.deleted'));
    onClose();
  }

  const heading = deal
    ? t('billingOffice.estimate.editHeading', { number: deal.number, version: deal.version })
    : t('billingOffice.estimate.newHeading');

  return (
    <EditorPanel aria-label={heading}>
      <h2>{heading}</h2>
      <form id={formId} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <Section>
          <FormRow>
            <TextField
              label={t('billingOffice.estimate.title')}
              required
              {...form.field('title')}
              maxLength={200}
            />
            <TextField
              type="date"
              label={t('billingOffice.estimate.validUntil')}
              helpText={t('billingOffice.estimate.validUntilHelp')}
              {...form.field('validUntil')}
            />
          </FormRow>
          <LineItemsEditor
            formId={formId}
            lines={lines}
            onChange={(next) => {
              form.setValue('lines', next);
              // A line added or removed moves the rows the server's errors point at.
              form.clearErrors();
            }}
            errors={errors}
            amounts={preview.amounts}
            disabled={busy}
          />
          <TotalsTable totals={preview.totals} preview skipped={preview.skipped} />
          {lines.some((line) => line.currency !== 'JPY') && <p>{t('billingOffice.common.fxNote')}</p>}
          <TextArea
            label={t('billingOffice.estimate.notes')}
            {...form.field('notes')}
            maxLength={2000}
            rows={3}
          />
          <FormActions>
            <Button type="submit" loading={created.isLoading || updated.isLoading} disabled={busy}>
              {t('billingOffice.estimate.save')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirm('send')}>
              {t('billingOffice.estimate.send')}
            </Button>
            {deal && (
              <Button variant="danger" disabled={busy} onClick={() => setConfirm('delete')}>
                {t('billingOffice.estimate.delete')}
              </Button>
            )}
            {deal && (
              <Button
                variant="tertiary"
                aria-expanded={showDocument}
                onClick={() => setShowDocument((v) => !v)}
              >
                {showDocument
                  ? t('billingOffice.common.hideDocument')
                  : t('billingOffice.common.showDocument')}
              </Button>
            )}
            <Button variant="tertiary" disabled={busy} onClick={onClose}>
              {t('billingOffice.common.close')}
            </Button>
          </FormActions>
        </Section>
      </form>
      {deal && showDocument && (
        <Section>
          <p>{t('billingOffice.common.documentNote')}</p>
          <EstimateDocument deal={deal} />
        </Section>
      )}
      <ConfirmDialog
        open={confirm === 'send'}
        title={t('billingOffice.estimate.sendConfirmTitle')}
        message={t('billingOffice.estimate.sendConfirmMessage')}
        confirmLabel={t('billingOffice.estimate.sendConfirm')}
        loading={busy}
        onConfirm={() => void confirmSend()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        tone="danger"
        title={t('billingOffice.estimate.deleteConfirmTitle')}
        message={t('billingOffice.estimate.deleteConfirmMessage')}
        confirmLabel={t('billingOffice.estimate.delete')}
        loading={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirm(null)}
      />
    </EditorPanel>
  );
}
