import { isApiError, useSaveOwnFirmMutation } from '@ipportal/api-client';
import { caseTypes, describeIssue, firmLanguages, officeTypes, updateFirmBodySchema } from '@ipportal/domain';
import type { Firm, MessageDescriptor, OfficeType } from '@ipportal/domain';
import { Button, Card, Checkbox, Select, Spinner, TextArea, TextField, useToast } from '@ipportal/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { pathTo } from '../../routes/paths';
import { failureReason } from '../../shared/failure-reason';
import { FormPage, FormStack } from '../../shared/forms/form-layout';
import { FormLead, FormRow } from '../../shared/forms/form-parts';
import { RegionField } from '../../shared/forms/region-field';
import { useFormWarning } from '../../shared/form-warning';
import { changedFrom, discardChangesState, useUnsavedChanges } from '../../shared/unsaved-changes';
import { CheckGroup } from './check-group';
import { Actions, Sections } from './edit-partner-firm.styles';
import { languageName, splitTechnicalFields } from './firm-format';
import { fieldOrder, idOf, valuesOf } from './firm-form-values';
import type { Field, Values } from './firm-form-values';

/**
 * The office profile form: checked with the domain's schema before it is sent, and the server's
 * field errors shown beside their fields; the first field with an error gets the focus. Saving
 * leads back to /partner-firm.
 */
export function EditPartnerFirmForm({ firm }: { firm: Firm | null }) {
  const { t } = useTranslation();
  const [locale] = useLocale();
  const toast = useToast();
  const navigate = useNavigate();
  const [save, { isLoading: saving }] = useSaveOwnFirmMutation();
  const [initial] = useState<Values>(() => valuesOf(firm));
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, MessageDescriptor | string>>>({});
  const [saved, setSaved] = useState(false);
  const warning = useFormWarning();
  useUnsavedChanges(!saved && changedFrom(initial, values));

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const toggle = <K extends 'languages' | 'caseTypes'>(key: K, value: Values[K][number], on: boolean) => {
    const current = values[key] as Values[K][number][];
    set(key, (on ? [...current, value] : current.filter((v) => v !== value)) as Values[K]);
  };
  const errorText = (field: Field) => {
    const error = errors[field];
    if (!error) return undefined;
    return typeof error === 'string' ? error : t(error.key, error.params);
  };
  const focusFirst = (found: Partial<Record<Field, unknown>>) => {
    const first = fieldOrder.find((field) => found[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = updateFirmBodySchema.safeParse({
      name: values.name,
      nameEn: values.nameEn,
      officeType: values.officeType === '' ? undefined : values.officeType,
      regionCode: values.regionCode === '' ? undefined : Number(values.regionCode),
      address: values.address,
      phoneNumber: values.phoneNumber.replace(/[\s-]/g, ''),
      email: values.email,
      website: values.website,
      // Keep the order of the lists on the page.
      languages: firmLanguages.filter((code) => values.languages.includes(code)),
      caseTypes: caseTypes.values.filter((type) => values.caseTypes.includes(type)),
      technicalFields: splitTechnicalFields(values.technicalFields),
      feeNotes: values.feeNotes,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, MessageDescriptor>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (fieldOrder.includes(field) && !found[field]) found[field] = describeIssue(issue);
      }
      setErrors(found);
      warning.warn(t('partnerFirm.toast.validationErrors'));
      focusFirst(found);
      return;
    }
    warning.dismiss();
    const result = await save(parsed.data);
    if ('error' in result) {
      const cause = result.error;
      const serverErrors: Partial<Record<Field, string>> = {};
      if (isApiError(cause)) {
        for (const fieldError of cause.fieldErrors ?? []) {
          const field = fieldError.path.split('.')[0] as Field;
          if (fieldOrder.includes(field) && !serverErrors[field]) serverErrors[field] = fieldError.message;
        }
      }
      setErrors(serverErrors);
      toast.error(t('partnerFirm.toast.saveFailed'), { detail: failureReason(cause) });
      focusFirst(serverErrors);
      return;
    }
    toast.info(t('partnerFirm.toast.saveSuccess'), { detail: result.data.name });
    setSaved(true);
    void navigate(pathTo('partnerFirm'));
  };

  return (
    <FormPage $width={860}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={saving || undefined}>
        <Sections>
          <FormLead>{t('partnerFirm.edit.lead')}</FormLead>
          <Card title={t('partnerFirm.office.heading')}>
            <FormStack>
              <FormRow>
                <TextField
                  id={idOf('name')}
                  label={t('partnerFirm.field.name')}
                  required
                  fullWidth
                  maxLength={200}
                  value={values.name}
                  error={errorText('name')}
                  onChange={(event) => set('name', event.target.value)}
                />
                <TextField
                  id={idOf('nameEn')}
                  label={t('partnerFirm.field.nameEn')}
                  fullWidth
                  maxLength={200}
                  lang="en"
                  value={values.nameEn}
                  error={errorText('nameEn')}
                  onChange={(event) => set('nameEn', event.target.value)}
                />
              </FormRow>
              <FormRow>
                <Select
                  id={idOf('officeType')}
                  label={t('partnerFirm.field.officeType')}
                  required
                  fullWidth
                  placeholder=""
                  value={values.officeType}
                  options={officeTypes.values.map((type) => ({
                    value: type,
                    label: t(officeTypes.labelKey(type)),
                  }))}
                  error={errorText('officeType')}
                  onChange={(event) => set('officeType', event.target.value as OfficeType)}
                />
                <RegionField
                  id={idOf('regionCode')}
                  label={t('partnerFirm.field.region')}
                  required
                  value={values.regionCode}
                  error={errorText('regionCode')}
                  onChange={(value) => set('regionCode', value)}
                />
              </FormRow>
              <TextField
                id={idOf('address')}
                label={t('partnerFirm.field.address')}
                required
                fullWidth
                maxLength={500}
                autoComplete="street-address"
                value={values.address}
                error={errorText('address')}
                onChange={(event) => set('address', event.target.value)}
              />
              <FormRow>
                <TextField
                  id={idOf('phoneNumber')}
                  label={t('partnerFirm.field.phoneNumber')}
                  required
                  fullWidth
                  type="tel"
                  autoComplete="tel"
                  helpText={t('phone.hint')}
                  value={values.phoneNumber}
                  error={errorText('phoneNumber')}
                  onChange={(event) => set('phoneNumber', event.target.value)}
                />
                <TextField
                  id={idOf('email')}
                  label={t('partnerFirm.field.email')}
                  required
                  fullWidth
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  value={values.email}
                  error={errorText('email')}
                  onChange={(event) => set('email', event.target.value)}
                />
              </FormRow>
              <TextField
                id={idOf('website')}
                label={t('partnerFirm.field.website')}
                fullWidth
                type="url"
                maxLength={500}
                placeholder={t('partnerFirm.field.websitePlaceholder')}
                value={values.website}
                error={errorText('website')}
                onChange={(event) => set('website', event.target.value)}
              />
            </FormStack>
          </Card>
          <Card title={t('partnerFirm.settings.heading')}>
            <FormStack>
              <CheckGroup
                field="languages"
                legend={t('partnerFirm.field.languages')}
                error={errorText('languages')}
              >
                {firmLanguages.map((code) => (
                  <Checkbox
                    key={code}
                    label={languageName(code, locale)}
                    checked={values.languages.includes(code)}
                    onChange={(event) => toggle('languages', code, event.target.checked)}
                  />
                ))}
              </CheckGroup>
              <CheckGroup
                field="caseTypes"
                legend={t('partnerFirm.field.caseTypes')}
                error={errorText('caseTypes')}
              >
                {caseTypes.values.map((type) => (
                  <Checkbox
                    key={type}
                    label={t(caseTypes.labelKey(type))}
                    checked={values.caseTypes.includes(type)}
                    onChange={(event) => toggle('caseTypes', type, event.target.checked)}
                  />
                ))}
              </CheckGroup>
              <TextArea
                id={idOf('technicalFields')}
                label={t('partnerFirm.field.technicalFields')}
                helpText={t('partnerFirm.field.technicalFieldsHelp')}
                fullWidth
                rows={5}
                value={values.technicalFields}
                error={errorText('technicalFields')}
                onChange={(event) => set('technicalFields', event.target.value)}
              />
              <TextArea
                id={idOf('feeNotes')}
                label={t('partnerFirm.field.feeNotes')}
                fullWidth
                rows={4}
                maxLength={2000}
                value={values.feeNotes}
                error={errorText('feeNotes')}
                onChange={(event) => set('feeNotes', event.target.value)}
              />
            </FormStack>
          </Card>
          <Actions>
            <Button
              variant="secondary"
              disabled={saving}
              onClick={() => void navigate(pathTo('partnerFirm'), { state: discardChangesState })}
            >
              {t('partnerFirm.edit.cancel')}
            </Button>
            {saving ? (
              <Spinner label={t('partnerFirm.edit.saving')} />
            ) : (
              <Button type="submit">
                {firm ? t('partnerFirm.edit.save') : t('partnerFirm.edit.create')}
              </Button>
            )}
          </Actions>
        </Sections>
      </form>
    </FormPage>
  );
}
