import { useCreateRequestMutation, useListFirmDirectoryQuery } from '@ipportal/api-client';
import { officeTypes, requestFormSchema, requestTypes } from '@ipportal/domain';
import type { OfficeType, RequestDetail, RequestType } from '@ipportal/domain';
import { Button, RadioGroup, Select, Spinner, TextArea, TextField, useToast } from '@ipportal/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { requestTexts } from '../request-texts';
import { FormStack } from '../../../shared/forms/form-layout';
import type { FormErrors } from '../../../shared/forms/field-errors';
import { focusRadioGroup } from '../../../shared/forms/focus-first-invalid';
import { RegionField } from '../../../shared/forms/region-field';
import { pathsAmong, serverFieldErrors } from '../../../shared/forms/server-refusals';
import { useGuardedForm } from '../../../shared/forms/use-guarded-form';
import { fieldErrorsOf } from '../../../shared/forms/validation';
import { domainMessages, useMessages } from '../../../shared/lazy-messages';
import { failureReason } from '../../../shared/failure-reason';
import { useFormWarning } from '../../../shared/form-warning';
import { MatterPicker } from './matter-picker';
import { officeName, useRequestFormats } from '../request-format';

type Field = 'projectId' | 'name' | 'type' | 'content' | 'officeRegionCode' | 'officeType' | 'officeId';
const fieldOrder: readonly Field[] = [
  'projectId',
  'name',
  'type',
  'content',
  'officeRegionCode',
  'officeType',
  'officeId',
];
const ids: Record<Field, string> = {
  projectId: 'request-form-project',
  name: 'request-form-name',
  type: 'request-form-type',
  content: 'request-form-content',
  officeRegionCode: 'request-form-office-region',
  officeType: 'request-form-office-type',
  officeId: 'request-form-office',
};

interface RequestValues {
  projectId: string;
  name: string;
  type: RequestType | '';
  content: string;
  /** Region code as a string, '' for none. */
  officeRegionCode: string;
  officeType: OfficeType | '';
  officeId: string;
}

/** The form's values as the schema takes them (empty choices are missing). */
function parseRequest(values: RequestValues) {
  return requestFormSchema.safeParse({
    name: values.name,
    type: values.type === '' ? undefined : values.type,
    content: values.content,
    officeRegionCode: values.officeRegionCode === '' ? undefined : Number(values.officeRegionCode),
    officeType: values.officeType === '' ? undefined : values.officeType,
    officeId: values.officeId === '' ? undefined : values.officeId,
  });
}

function fieldAt(path: readonly PropertyKey[]): Field | null {
  return fieldOrder.find((field) => field === path[0]) ?? null;
}

function requestErrors(values: RequestValues): FormErrors<Field> {
  const parsed = parseRequest(values);
  const found: FormErrors<Field> = parsed.success ? {} : fieldErrorsOf(parsed.error.issues, fieldAt);
  return values.projectId === '' ? { projectId: { key: 'validation.required' }, ...found } : found;
}

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px;
  min-height: ${({ theme }) => theme.layout.controlHeight.md}px;
  margin-top: ${({ theme }) => theme.space.xl}px;
`;

const Buttons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm}px;
  margin-left: auto;
`;

const OfficeFacts = styled.ul`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm}px ${({ theme }) => theme.space.md}px;
  list-style: none;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  & > li + li {
    margin-top: ${({ theme }) => theme.space.xxs}px;
  }
`;

const Saving = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 96px;
  min-height: ${({ theme }) => theme.layout.controlHeight.md}px;
  color: ${({ theme }) => theme.colors.primary};
`;

export interface RequestFormProps {
  /** The matter; without it the form offers the caller's matters to choose from. */
  projectId?: string;
  initialType?: RequestType;
  onDone: (created: RequestDetail | null) => void;
}

/**
 * The request form: request name, type (estimate or other), content,
 * office country, office type and the office from the directory of complete offices of that
 * country and type. Every field is required; the server checks the same schema and the office
 * rule. Toasts: request registration successful / failed.
 */
export function RequestForm({ projectId, initialType, onDone }: RequestFormProps) {
  useMessages(requestTexts, domainMessages);
  const { t } = useTranslation();
  const toast = useToast();
  const formats = useRequestFormats();
  const [create, { isLoading: saving }] = useCreateRequestMutation();
  const warning = useFormWarning();
  const form = useGuardedForm<RequestValues>({
    defaultValues: {
      projectId: projectId ?? '',
      name: '',
      type: initialType ?? '',
      content: '',
      officeRegionCode: '',
      officeType: '',
      officeId: '',
    },
    ids,
    fieldOrder,
    focus: { type: focusRadioGroup },
    resolver: (values) => {
      const found = requestErrors(values);
      if (Object.keys(found).length > 0) warning.warn(t('requests.toast.validationErrors'));
      return found;
    },
    onSubmit: submit,
  });
  const { values } = form;

  const filtersChosen = values.officeRegionCode !== '' && values.officeType !== '';
  const directory = useListFirmDirectoryQuery(
    { regionCode: Number(values.officeRegionCode), officeType: values.officeType as OfficeType },
    { skip: !filtersChosen },
  );
  const offices = filtersChosen ? (directory.data ?? []) : [];
  const chosenOffice = offices.find((office) => office.id === values.officeId);
  const separator = formats.locale === 'ja' ? '、' : ', ';
  const languageNames = useMemo(
    () => new Intl.DisplayNames([formats.locale], { type: 'language' }),
    [formats.locale],
  );

  // A different country or type lists other offices: the chosen one no longer applies.
  const setOfficeFilter = (
    changes: Pick<RequestValues, 'officeRegionCode'> | Pick<RequestValues, 'officeType'>,
  ) => form.setValues({ ...changes, officeId: '' });

  async function submit(submitted: RequestValues) {
    const parsed = parseRequest(submitted);
    if (!parsed.success) return;
    warning.dismiss();
    const result = await create({ projectId: submitted.projectId, body: parsed.data });
    if ('error' in result) {
      const cause = result.error;
      form.setFieldErrors(serverFieldErrors(cause, pathsAmong(fieldOrder)));
      toast.error(t('requests.toast.createFailed'), { detail: failureReason(cause) });
      return;
    }
    toast.info(t('requests.toast.createSuccess'), { detail: result.data.name });
    form.reset();
    onDone(result.data);
  }

  const officeHelp = !filtersChosen
    ? t('requests.form.officeNeedsFilters')
    : directory.isFetching
      ? t('requests.form.officeLoading')
      : directory.isError
        ? t('requests.form.officeLoadFailed')
        : offices.length === 0
          ? t('requests.form.officeNone')
          : undefined;

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(event)} aria-busy={saving || undefined}>
      <FormStack>
        {!projectId && (
          <MatterPicker
            label={t('requests.form.project')}
            placeholder={t('requests.form.projectPlaceholder')}
            {...form.field('projectId')}
          />
        )}
        <TextField
          label={t('requests.form.name')}
          required
          fullWidth
          maxLength={200}
          showCounter
          autoComplete="off"
          {...form.field('name')}
        />
        <RadioGroup
          name={ids.type}
          label={t('requests.form.type')}
          required
          orientation="horizontal"
          value={values.type === '' ? null : values.type}
          options={requestTypes.values.map((type) => ({
            value: type,
            label: t(requestTypes.labelKey(type)),
          }))}
          error={form.errorText('type')}
          onChange={(value) => form.setValue('type', value as RequestType)}
        />
        <TextArea
          label={t('requests.form.content')}
          required
          fullWidth
          rows={5}
          maxLength={10_000}
          {...form.field('content')}
        />
        <RegionField
          label={t('requests.form.officeCountry')}
          required
          {...form.field('officeRegionCode')}
          onChange={(value) => setOfficeFilter({ officeRegionCode: value })}
        />
        <Select
          label={t('requests.form.officeType')}
          required
          fullWidth
          placeholder=""
          options={officeTypes.values.map((type) => ({ value: type, label: t(officeTypes.labelKey(type)) }))}
          {...form.field('officeType')}
          onChange={(event) => setOfficeFilter({ officeType: event.target.value as OfficeType })}
        />
        <Select
          label={t('requests.form.office')}
          required
          fullWidth
          disabled={offices.length === 0}
          placeholder={t('requests.form.officePlaceholder')}
          options={offices.map((office) => ({ value: office.id, label: officeName(office, formats.locale) }))}
          helpText={officeHelp}
          {...form.field('officeId')}
        />
        {chosenOffice && (
          <OfficeFacts aria-label={officeName(chosenOffice, formats.locale)}>
            <li>
              {t('requests.form.officeLanguages', {
                languages: chosenOffice.languages
                  .map((code) => languageNames.of(code) ?? code)
                  .join(separator),
              })}
            </li>
            {(chosenOffice.caseTypes.length > 0 || chosenOffice.technicalFields.length > 0) && (
              <li>
                {t('requests.form.officeFields', {
                  fields: [
                    ...chosenOffice.caseTypes.map((type) => t(`code.caseType.${type}`)),
                    ...chosenOffice.technicalFields,
                  ].join(separator),
                })}
              </li>
            )}
            {chosenOffice.feeNotes && (
              <li>{t('requests.form.officeFees', { notes: chosenOffice.feeNotes })}</li>
            )}
          </OfficeFacts>
        )}
      </FormStack>
      <Footer>
        <Buttons>
          <Button variant="secondary" disabled={saving} onClick={() => onDone(null)}>
            {t('requests.common.cancel')}
          </Button>
          {saving ? (
            <Saving>
              <Spinner label={t('requests.form.saving')} />
            </Saving>
          ) : (
            <Button type="submit">{t('requests.form.submit')}</Button>
          )}
        </Buttons>
      </Footer>
    </form>
  );
}
