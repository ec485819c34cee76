import type { RequestKey } from '@ipportal/api-client';
import { Button, ConfirmDialog, TextArea, TextField, useToast } from '@ipportal/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormRow } from '../../shared/forms/form-parts';
import { useGuardedForm } from '../../shared/forms/use-guarded-form';
import { useBillingFormats } from './billing-format';
import type { DraftKind, StoredDraft } from './draft-kind';
import { draftsOf, emptyLine, linesBody, previewTotals } from './line-drafts';
import type { LineDraft } from './line-drafts';
import { LineItemsEditor } from './line-items-editor';
import { EditorPanel, Section } from './panel';
import { TotalsTable } from './totals-table';
import { useFieldErrors } from './use-field-errors';

type DraftValues<Field extends string> = Record<Field, string> & { notes: string; lines: LineDraft[] };

const finishedToast = { send: 'sentToast', issue: 'issuedToast' } as const;

export interface DraftEditorProps<Doc extends StoredDraft, Field extends string, Body> {
  /** Estimate or invoice: its head fields, texts, calls and printed form. */
  kind: DraftKind<Doc, Field, Body>;
  requestKey: RequestKey;
  /** The draft being edited; null drafts a new one for the request. */
  draft: Doc | null;
  /** The office is an individual attorney: the preview withholds income tax. */
  individual: boolean;
  /** After the first save (the new draft's id) or after the finish step (sent, issued). */
  onSaved: (saved: Doc) => void;
  /** After deleting, or closing without saving. */
  onClose: () => void;
}

/**
 * The office drafts an estimate or an invoice: the kind's head fields, notes and lines, with the
 * totals previewed by the domain's `computeTotals` (the server computes the stored ones). Save,
 * delete, and the step after which it never changes (send, issue). While it holds unsaved input,
 * leaving the page or opening another document asks first; Close means "drop it".
 */
export function DraftEditor<Doc extends StoredDraft, Field extends string, Body>({
  kind,
  requestKey,
  draft,
  individual,
  onSaved,
  onClose,
}: DraftEditorProps<Doc, Field, Body>) {
  const { t } = useTranslation();
  const toast = useToast();
  const formats = useBillingFormats();
  const text = (name: string) => `${kind.texts}.${name}`;
  const form = useGuardedForm<DraftValues<Field>>({
    defaultValues: {
      ...kind.head(draft),
      notes: draft?.notes ?? '',
      lines: draft && draft.lines.length > 0 ? draftsOf(draft.lines) : [emptyLine()],
    },
    ids: kind.formId,
    onSubmit: submit,
  });
  const { notes, lines } = form.values;
  // A new draft is not stored yet: it needs saving before it can be sent or issued.
  const dirty = draft === null || form.formState.isDirty;
  const [showDocument, setShowDocument] = useState(false);
  const [confirm, setConfirm] = useState<'finish' | 'delete' | null>(null);
  const { errors, report } = useFieldErrors(form);
  const calls = kind.useCalls(requestKey);
  const busy = calls.busy;
  const preview = useMemo(() => previewTotals(lines, individual), [lines, individual]);

  const body = (): Body =>
    kind.body(form.values, {
      notes: notes.trim() === '' ? undefined : notes,
      lines: linesBody(lines),
    });

  /** Saves when there is something to save; the stored draft, or null when the server refused. */
  async function save(): Promise<Doc | null> {
    if (draft && !dirty) return draft;
    form.clearErrors();
    const result = await calls.save(draft, body());
    if ('error' in result) {
      report(result.error, text('saveFailed'));
      return null;
    }
    form.reset();
    return result.data;
  }

  async function submit() {
    const saved = await save();
    if (!saved) return;
    toast.info(t(text('saved')));
    onSaved(saved);
  }

  async function confirmFinish() {
    const saved = await save();
    if (!saved) {
      setConfirm(null);
      return;
    }
    const result = await calls.finish(saved);
    setConfirm(null);
    if ('error' in result) {
      report(result.error, text(`${kind.finish}Failed`));
      onSaved(saved);
      return;
    }
    toast.info(t(text(finishedToast[kind.finish]), { number: result.data.number ?? '' }));
    onSaved(result.data);
  }

  async function confirmDelete() {
    if (!draft) return;
    const result = await calls.remove(draft);
    setConfirm(null);
    if ('error' in result) {
      report(result.error, 'billingOffice.draft.deleteFailed');
      return;
    }
    form.reset();
    toast.info(t('billingOffice.draft.deleted'));
    onClose();
  }

  function close() {
    // Close is the explicit way to drop the input: no question.
    form.reset();
    onClose();
  }

  const heading = kind.heading(t, draft);
  const { Intro, Printed, FinishDetails } = kind;
  const finishMessage = t(text(`${kind.finish}ConfirmMessage`));

  return (
    <EditorPanel aria-label={heading}>
      <h2>{heading}</h2>
      {draft && Intro && <Intro draft={draft} />}
      <form id={kind.formId} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <Section>
          <FormRow>
            {kind.fields.map((field) => (
              <TextField
                key={field.name}
                type={field.type}
                label={t(text(field.name))}
                helpText={field.help ? t(text(`${field.name}Help`), field.help(formats)) : undefined}
                required={field.required}
                {...form.field(field.name)}
                maxLength={field.maxLength}
              />
            ))}
          </FormRow>
          <LineItemsEditor
            formId={kind.formId}
            lines={lines}
            onChange={(next) => {
              // (The head's field names are generic here: TypeScript cannot tell 'lines' is not one.)
              form.setValue('lines', next as DraftValues<Field>['lines']);
              // A line added or removed moves the rows the server's errors point at.
              form.clearErrors();
            }}
            errors={errors}
            amounts={preview.amounts}
            disabled={busy}
          />
          <TotalsTable totals={preview.totals} preview skipped={preview.skipped} />
          {lines.some((line) => line.currency !== 'JPY') && <p>{t('billingOffice.common.fxNote')}</p>}
          <TextArea label={t(text('notes'))} {...form.field('notes')} maxLength={2000} rows={3} />
          <FormActions>
            <Button type="submit" loading={calls.saving} disabled={busy}>
              {t('billingOffice.draft.save')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirm('finish')}>
              {t(text(kind.finish))}
            </Button>
            {draft && (
              <Button variant="danger" disabled={busy} onClick={() => setConfirm('delete')}>
                {t('billingOffice.draft.delete')}
              </Button>
            )}
            {draft && (
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
            <Button variant="tertiary" disabled={busy} onClick={close}>
              {t('billingOffice.common.close')}
            </Button>
          </FormActions>
        </Section>
      </form>
      {draft && showDocument && (
        <Section>
          <p>{t('billingOffice.common.documentNote')}</p>
          <Printed draft={draft} />
        </Section>
      )}
      <ConfirmDialog
        open={confirm === 'finish'}
        tone={kind.finishTone}
        title={t(text(`${kind.finish}ConfirmTitle`))}
        message={
          FinishDetails ? (
            <div>
              <p style={{ marginTop: 0 }}>{finishMessage}</p>
              <FinishDetails totals={preview.totals} />
            </div>
          ) : (
            finishMessage
          )
        }
        confirmLabel={t(text(`${kind.finish}Confirm`))}
        loading={busy}
        onConfirm={() => void confirmFinish()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        tone="danger"
        title={t('billingOffice.draft.deleteConfirmTitle')}
        message={t('billingOffice.draft.deleteConfirmMessage')}
        confirmLabel={t('billingOffice.draft.delete')}
        loading={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirm(null)}
      />
    </EditorPanel>
  );
}
