import {
  useCreateInvoiceMutation,
  useDeleteInvoiceMutation,
  useIssueInvoiceMutation,
  useUpdateInvoiceMutation,
} from '@ipportal/api-client';
import type { RequestKey } from '@ipportal/api-client';
import { defaultDueDate, todayInJapan } from '@ipportal/domain';
import type { Invoice, InvoiceDraftBody } from '@ipportal/domain';
import { Button, ConfirmDialog, TextArea, TextField, useToast } from '@ipportal/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../routes/paths';
import { FormActions, FormRow } from '../../shared/forms/form-parts';
import { useForm } from '../../shared/forms/use-form';
import { useBillingFormats } from './billing-format';
import { draftsOf, emptyLine, linesBody, previewTotals } from './line-drafts';
import type { LineDraft } from './line-drafts';
import { LineItemsEditor } from './line-items-editor';
import { EditorPanel, Section } from './panel';
import { TotalsTable } from './totals-table';
import { InvoiceDocument } from '../billing-documents';
import { useFieldErrors } from './use-field-errors';

const formId = 'invoice-editor';

export interface InvoiceEditorProps {
  requestKey: RequestKey;
  /** The draft being edited; null drafts an invoice directly for the request. */
  invoice: Invoice | null;
  individual: boolean;
  onSaved: (invoice: Invoice) => void;
  onClose: () => void;
}

/**
 * A draft invoice (or credit note): transaction date, due date (empty: the end of the month after
 * the issue date), notes, lines with a preview of the totals. Save, delete, and issue: after that
 * it never changes (a mistake is voided and issued anew).
 */
export function InvoiceEditor({ requestKey, invoice, individual, onSaved, onClose }: InvoiceEditorProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const formats = useBillingFormats();
  const today = todayInJapan();
  const form = useForm<{ transactionDate: string; dueDate: string; notes: string; lines: LineDraft[] }>({
    defaultValues: {
      transactionDate: invoice?.transactionDate ?? today,
      // A stored draft has its due date filled in by the server; it is the default when it matches.
      dueDate: invoice && invoice.dueDate !== defaultDueDate(today) ? invoice.dueDate : '',
      notes: invoice?.notes ?? '',
      lines: invoice && invoice.lines.length > 0 ? draftsOf(invoice.lines) : [emptyLine()],
    },
    ids: formId,
    onSubmit: submit,
  });
  const { transactionDate, dueDate, notes, lines } = form.values;
  // A new invoice is not stored yet: it needs saving before it can be issued.
  const dirty = invoice === null || form.formState.isDirty;
  const [showDocument, setShowDocument] = useState(false);
  const [confirm, setConfirm] = useState<'issue' | 'delete' | null>(null);
  const { errors, report } = useFieldErrors(form);
  const [create, created] = useCreateInvoiceMutation();
  const [update, updated] = useUpdateInvoiceMutation();
  const [remove, removed] = useDeleteInvoiceMutation();
  const [issue, issuing] = useIssueInvoiceMutation();
  const busy = created.isLoading || updated.isLoading || removed.isLoading || issuing.isLoading;
  const preview = useMemo(() => previewTotals(lines, individual), [lines, individual]);
  const creditNote = invoice?.kind === 'creditNote';

  const body = (): InvoiceDraftBody => ({
    transactionDate,
    dueDate: dueDate === '' ? null : dueDate,
    notes: notes.trim() === '' ? undefined : notes,
    lines: linesBody(lines),
  });

  async function save(): Promise<Invoice | null> {
    if (invoice && !dirty) return invoice;
    form.clearErrors();
    const result = invoice
      ? await update({ invoiceId: invoice.id, body: body() })
      : await create({ ...requestKey, body: body() });
    if ('error' in result) {
      report(result.error, 'billingOffice.invoice.saveFailed');
      return null;
    }
    form.reset();
    return result.data;
  }

  async function submit() {
    const saved = await save();
    if (!saved) return;
    toast.info(t('billingOffice.invoice.saved'));
    onSaved(saved);
  }

  async function confirmIssue() {
    const saved = await save();
    if (!saved) {
      setConfirm(null);
      return;
    }
    const result = await issue(saved.id);
    setConfirm(null);
    if ('error' in result) {
      report(result.error, 'billingOffice.invoice.issueFailed');
      onSaved(saved);
      return;
    }
    toast.info(t('billingOffice.invoice.issuedToast', { number: result.data.number }));
    onSaved(result.data);
  }

  async function confirmDelete() {
    if (!invoice) return;
    const result = await remove(invoice.id);
    setConfirm(null);
    if ('error' in result) {
      report(result.error, 'billingOffice.invoice.deleteFailed');
      return;
    }
    toast.info(t('billingOffice.invoice.deleted'));
    onClose();
  }

  const heading = creditNote
    ? t('billingOffice.invoice.creditNoteDraftHeading')
    : invoice
      ? t('billingOffice.invoice.draftHeading')
      : t('billingOffice.invoice.newHeading');

  return (
    <EditorPanel aria-label={heading}>
      <h2>{heading}</h2>
      {invoice?.correctsInvoice && (
        <p>{t('billingOffice.invoice.corrects', { number: invoice.correctsInvoice.number ?? '' })}</p>
      )}
      {invoice?.dealId && <p>{t('billingOffice.invoice.fromEstimate')}</p>}
      <form id={formId} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <Section>
          <FormRow>
            <TextField
              type="date"
              label={t('billingOffice.invoice.transactionDate')}
              helpText={t('billingOffice.invoice.transactionDateHelp')}
              required
              {...form.field('transactionDate')}
            />
            <TextField
              type="date"
              label={t('billingOffice.invoice.dueDate')}
              helpText={t('billingOffice.invoice.dueDateHelp', { date: formats.date(defaultDueDate(today)) })}
              {...form.field('dueDate')}
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
            label={t('billingOffice.invoice.notes')}
            {...form.field('notes')}
            maxLength={2000}
            rows={3}
          />
          <FormActions>
            <Button type="submit" loading={created.isLoading || updated.isLoading} disabled={busy}>
              {t('billingOffice.invoice.save')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirm('issue')}>
              {t('billingOffice.invoice.issue')}
            </Button>
            {invoice && (
              <Button variant="danger" disabled={busy} onClick={() => setConfirm('delete')}>
                {t('billingOffice.invoice.delete')}
              </Button>
            )}
            {invoice && (
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
      {invoice && showDocument && (
        <Section>
          <p>{t('billingOffice.common.documentNote')}</p>
          <InvoiceDocument invoice={invoice} />
        </Section>
      )}
      <ConfirmDialog
        open={confirm === 'issue'}
        tone="danger"
        title={t('billingOffice.invoice.issueConfirmTitle')}
        message={
          <div>
            <p style={{ marginTop: 0 }}>{t('billingOffice.invoice.issueConfirmMessage')}</p>
            <p>
              {t('billingOffice.invoice.issueConfirmTotal', {
                amount: formats.yen(preview.totals.amountToTransfer),
              })}
            </p>
            <Link to={pathTo('firmBillingProfile')}>{t('billingOffice.invoice.checkProfile')}</Link>
          </div>
        }
        confirmLabel={t('billingOffice.invoice.issueConfirm')}
        loading={busy}
        onConfirm={() => void confirmIssue()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        tone="danger"
        title={t('billingOffice.invoice.deleteConfirmTitle')}
        message={t('billingOffice.invoice.deleteConfirmMessage')}
        confirmLabel={t('billingOffice.invoice.delete')}
        loading={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirm(null)}
      />
    </EditorPanel>
  );
}
