import {
  isApiError,
  useAddRequestTermItemMutation,
  useGetRequestTermsQuery,
  useRemoveRequestTermItemMutation,
  useUpdateRequestPeriodsMutation,
  useUpdateRequestTermItemMutation,
} from '@ipportal/api-client';
import type { RequestTermItem, RequestTerms } from '@ipportal/domain';
import { createRequestTermItemBodySchema, parseIsoDate, todayInJapan, toIsoDate } from '@ipportal/domain';
import {
  Button,
  Checkbox,
  DatePicker,
  EmptyState,
  IconButton,
  LoadingText,
  TextField,
  TrashIcon,
  useToast,
} from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { FieldName, UseFormReturn } from '../../../shared/forms/use-form';
import { useGuardedForm } from '../../../shared/forms/use-guarded-form';
import { fieldErrorsOf } from '../../../shared/forms/validation';
import { WarningNote } from './warning-note';
import { useRequestFormats } from '../request-format';
import type { DetailContext } from './detail-frame';

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space.xl}px;
  & > h2 {
    margin: 0 0 ${({ theme }) => theme.space.md}px;
    font-size: ${({ theme }) => theme.typography.fontSize.lg};
  }
`;

const Periods = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space.md}px;
  margin: 0 0 ${({ theme }) => theme.space.md}px;
  & > div {
    padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
    border: 1px solid ${({ theme }) => theme.colors.divider};
    border-radius: ${({ theme }) => theme.radii.md}px;
    background: ${({ theme }) => theme.colors.surface};
  }
  & dt {
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & dd {
    margin: ${({ theme }) => theme.space.xxs}px 0 0;
    font-size: ${({ theme }) => theme.typography.fontSize.lg};
    font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
  }
`;

const Note = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md}px;
`;

const Items = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.lg}px;
  padding: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
  & > li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm}px ${({ theme }) => theme.space.md}px;
    padding: ${({ theme }) => theme.space.sm}px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  }
  & .date {
    min-width: 120px;
    font-variant-numeric: tabular-nums;
  }
  & .name {
    flex: 1 1 200px;
    overflow-wrap: anywhere;
  }
  & .done {
    text-decoration: line-through;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & .overdue {
    color: ${({ theme }) => theme.colors.danger};
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
  }
`;

interface PeriodValues {
  decisionPeriod: string | null;
  userPeriod: string | null;
}

interface ItemValues {
  name: string;
  /** ISO date, or null while none is picked. */
  date: string | null;
}

const noItem: ItemValues = { name: '', date: null };
const itemBody = ({ name, date }: ItemValues) => ({ name, date: date ?? undefined });
const itemFieldOf = (key: PropertyKey | undefined): keyof ItemValues | null =>
  key === 'name' || key === 'date' ? key : null;

/** A DatePicker's props for a field holding an ISO date (or null). */
function dateField<V extends object, K extends FieldName<V>>(form: UseFormReturn<V>, name: K) {
  const value = form.values[name] as string | null;
  return {
    id: form.idOf(name),
    value: value ? (parseIsoDate(value) ?? null) : null,
    onChange: (date: Date | null) => form.setValue(name, (date ? toIsoDate(date) : null) as V[K]),
    error: form.errorText(name),
  };
}

function useFailureToast() {
  const { t } = useTranslation();
  const toast = useToast();
  return (key: string, error: unknown) =>
    toast.error(t(key), { detail: isApiError(error) ? (error.serverMessage ?? undefined) : undefined });
}

function PeriodsSection({ context, terms }: { context: DetailContext; terms: RequestTerms }) {
  const { t } = useTranslation();
  const formats = useRequestFormats();
  const toast = useToast();
  const failed = useFailureToast();
  const [update, { isLoading }] = useUpdateRequestPeriodsMutation();
  const [editing, setEditing] = useState(false);
  const saved: PeriodValues = { decisionPeriod: terms.decisionPeriod, userPeriod: terms.userPeriod };
  const form = useGuardedForm<PeriodValues>({
    defaultValues: saved,
    ids: 'request-periods',
    guardWhile: editing,
    onSubmit: save,
  });
  const canEdit = context.side === 'client' && !context.readOnly;
  // The warning follows what is typed, before saving too.
  const shown = editing ? form.values : saved;
  const late =
    shown.decisionPeriod !== null && shown.userPeriod !== null && shown.userPeriod > shown.decisionPeriod;

  async function save(values: PeriodValues) {
    const result = await update({ ...context.requestKey, body: values });
    if ('error' in result) {
      failed('requestDetail.terms.saveFailed', result.error);
      return;
    }
    toast.info(t('requestDetail.terms.saved'));
    setEditing(false);
  }

  return (
    <Section aria-labelledby="request-periods-heading">
      <h2 id="request-periods-heading">{t('requestDetail.terms.heading')}</h2>
      {editing ? (
        <form noValidate onSubmit={(event) => void form.handleSubmit(event)}>
          <Row>
            <DatePicker
              {...dateField(form, 'decisionPeriod')}
              label={t('requestDetail.terms.decisionPeriod')}
            />
            <DatePicker {...dateField(form, 'userPeriod')} label={t('requestDetail.terms.userPeriod')} />
          </Row>
          {late && shown.decisionPeriod && (
            <WarningNote role="alert">
              {t('requestDetail.terms.lateWarning', { date: formats.day(shown.decisionPeriod) })}
            </WarningNote>
          )}
          <Row>
            <Button type="submit" loading={isLoading}>
              {t('requestDetail.terms.save')}
            </Button>
            <Button variant="tertiary" onClick={() => setEditing(false)}>
              {t('requestDetail.terms.cancel')}
            </Button>
          </Row>
        </form>
      ) : (
        <>
          <Periods>
            <div>
              <dt>{t('requestDetail.terms.decisionPeriod')}</dt>
              <dd>
                {terms.decisionPeriod ? formats.day(terms.decisionPeriod) : t('requestDetail.terms.notSet')}
              </dd>
            </div>
            <div>
              <dt>{t('requestDetail.terms.userPeriod')}</dt>
              <dd>{terms.userPeriod ? formats.day(terms.userPeriod) : t('requestDetail.terms.notSet')}</dd>
            </div>
          </Periods>
          {late && shown.decisionPeriod && (
            <WarningNote role="alert">
              {t('requestDetail.terms.lateWarning', { date: formats.day(shown.decisionPeriod) })}
            </WarningNote>
          )}
          {canEdit ? (
            <Button
              variant="secondary"
              onClick={() => {
                form.reset(saved);
                setEditing(true);
              }}
            >
              {t('requestDetail.terms.edit')}
            </Button>
          ) : (
            <Note>{t('requestDetail.terms.clientOnly')}</Note>
          )}
        </>
      )}
    </Section>
  );
}

function ItemRow({ context, item, today }: { context: DetailContext; item: RequestTermItem; today: string }) {
  const { t } = useTranslation();
  const formats = useRequestFormats();
  const failed = useFailureToast();
  const [updateItem, { isLoading: updating }] = useUpdateRequestTermItemMutation();
  const [removeItem, { isLoading: removing }] = useRemoveRequestTermItemMutation();
  const editable = !context.readOnly;
  return (
    <li>
      <Checkbox
        label={t('requestDetail.terms.itemDone')}
        aria-label={t('requestDetail.terms.itemDoneNamed', { name: item.name })}
        checked={item.done}
        disabled={!editable || updating}
        onChange={(event) => {
          const done = event.target.checked;
          void updateItem({ ...context.requestKey, termId: item.id, body: { done } }).then((result) => {
            if ('error' in result) failed('requestDetail.terms.itemFailed', result.error);
          });
        }}
      />
      <span className="date">{formats.day(item.date)}</span>
      <span className={item.done ? 'name done' : 'name'}>{item.name}</span>
      {!item.done && item.date < today && <span className="overdue">{t('requestDetail.terms.overdue')}</span>}
      {editable && (
        <IconButton
          label={t('requestDetail.terms.itemRemoveNamed', { name: item.name })}
          icon={<TrashIcon />}
          disabled={removing}
          onClick={() => {
            void removeItem({ ...context.requestKey, termId: item.id }).then((result) => {
              if ('error' in result) failed('requestDetail.terms.itemFailed', result.error);
            });
          }}
        />
      )}
    </li>
  );
}

function ItemsSection({ context, terms }: { context: DetailContext; terms: RequestTerms }) {
  const { t } = useTranslation();
  const toast = useToast();
  const failed = useFailureToast();
  const [add, { isLoading }] = useAddRequestTermItemMutation();
  const form = useGuardedForm<ItemValues>({
    defaultValues: noItem,
    ids: 'request-item',
    guardWhile: !context.readOnly,
    resolver: (values) => {
      const parsed = createRequestTermItemBodySchema.safeParse(itemBody(values));
      return parsed.success ? {} : fieldErrorsOf(parsed.error.issues, (path) => itemFieldOf(path[0]));
    },
    onSubmit: submit,
  });
  const today = todayInJapan();

  async function submit(values: ItemValues) {
    // The resolver has checked it: parsing again only gives the body its type.
    const result = await add({
      ...context.requestKey,
      body: createRequestTermItemBodySchema.parse(itemBody(values)),
    });
    if ('error' in result) {
      failed('requestDetail.terms.itemFailed', result.error);
      return;
    }
    toast.info(t('requestDetail.terms.itemAdded'));
    form.reset(noItem);
  }

  return (
    <Section aria-labelledby="request-items-heading">
      <h2 id="request-items-heading">{t('requestDetail.terms.items')}</h2>
      {terms.items.length === 0 ? (
        <Note>{t('requestDetail.terms.itemsEmpty')}</Note>
      ) : (
        <Items aria-label={t('requestDetail.terms.items')}>
          {terms.items.map((item) => (
            <ItemRow key={item.id} context={context} item={item} today={today} />
          ))}
        </Items>
      )}
      {!context.readOnly && (
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit(event)}
          aria-label={t('requestDetail.terms.newItem')}
        >
          <Row>
            <TextField
              label={t('requestDetail.terms.itemName')}
              required
              maxLength={200}
              {...form.field('name')}
            />
            <DatePicker {...dateField(form, 'date')} label={t('requestDetail.terms.itemDate')} required />
            <Button type="submit" loading={isLoading}>
              {t('requestDetail.terms.itemAdd')}
            </Button>
          </Row>
        </form>
      )}
    </Section>
  );
}

/** The deadlines page: legal and user deadline (the client sets them), further dated items. */
export function TermsView({ context }: { context: DetailContext }) {
  const { t } = useTranslation();
  const { data, isLoading, refetch } = useGetRequestTermsQuery(context.requestKey);
  if (isLoading) return <LoadingText block>{t('requestDetail.common.loading')}</LoadingText>;
  if (!data) {
    return (
      <EmptyState
        headingLevel={2}
        title={t('requestDetail.common.loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('requestDetail.common.retry')}</Button>}
      />
    );
  }
  return (
    <>
      <PeriodsSection key={`${data.decisionPeriod}-${data.userPeriod}`} context={context} terms={data} />
      <ItemsSection context={context} terms={data} />
    </>
  );
}
