import { useSaveOwnFirmMutation } from '@ipportal/api-client';
import { caseTypes, firmLanguages, officeTypes, updateFirmBodySchema } from '@ipportal/domain';
import type { Firm } from '@ipportal/domain';
import { Button, Card, Checkbox, Select, Spinner, TextArea, TextField, useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { pathTo } from '../../routes/paths';
import { failureReason } from '../../shared/failure-reason';
import { FormPage, FormStack } from '../../shared/forms/form-layout';
import { FormLead, FormRow } from '../../shared/forms/form-parts';
import { RegionField } from '../../shared/forms/region-field';
import { serverFieldErrors } from '../../shared/forms/server-refusals';
import { useGuardedForm } from '../../shared/forms/use-guarded-form';
import { fieldErrorsOf } from '../../shared/forms/validation';
import { useFormWarning } from '../../shared/form-warning';
import { discardChangesState } from '../../shared/unsaved-changes';
import { CheckGroup } from './check-group';
import { Actions, Sections } from './edit-partner-firm.styles';
import { languageName, splitTechnicalFields } from './firm-format';
import { fieldOrder, idPrefix, valuesOf } from './firm-form-values';
import type { Field, Values } from './firm-form-values';

function parseFirm(values: Values) {
  return updateFirmBodySchema.safeParse({
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
}

/** The form field of a path, the schema's or the server's (`languages.2` is the languages). */
function fieldAt(path: readonly PropertyKey[] | string): Field | null {
  const head = typeof path === 'string' ? path.split('.')[0] : path[0];
  return fieldOrder.find((field) => field === head) ?? null;
}

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
  const warning = useFormWarning();
  const form = useGuardedForm<Values>({
    defaultValues: valuesOf(firm),
    ids: idPrefix,
    fieldOrder,
    resolver: (values) => {
      const parsed = parseFirm(values);
      if (parsed.success) return {};
      warning.warn(t('partnerFirm.toast.validationErrors'));
      return fieldErrorsOf(parsed.error.issues, fieldAt);
    },
    onSubmit: submit,
  });
  const { values, errorText } = form;
  const toggle = <K extends 'languages' | 'caseTypes'>(key: K, value: Values[K][number], on: boolean) => {
    const current = values[key] as Values[K][number][];
    form.setValue(key, (on ? [...current, value] : current.filter((v) => v !== value)) as Values[K]);
  };

  async function submit(submitted: Values) {
    const parsed = parseFirm(submitted);
    if (!parsed.success) return;
    warning.dismiss();
    const result = await save(parsed.data);
    if ('error' in result) {
      const cause = result.error;
      form.setFieldErrors(serverFieldErrors(cause, fieldAt));
      toast.error(t('partnerFirm.toast.saveFailed'), { detail: failureReason(cause) });
      return;
    }
    toast.info(t('partnerFirm.toast.saveSuccess'), { detail: result.data.name });
    form.reset();
    void navigate(pathTo('partnerFirm'));
  }

  return (
    <FormPage $width={860}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(event)} aria-busy={saving || undefined}>
        <Sections>
          <FormLead>{t('partnerFirm.edit.lead')}</FormLead>
          <Card title={t('partnerFirm.office.heading')}>
            <FormStack>
              <FormRow>
                <TextField
                  label={t('partnerFirm.field.name')}
                  required
                  fullWidth
                  maxLength={200}
                  {...form.field('name')}
                />
                <TextField
                  label={t('partnerFirm.field.nameEn')}
                  fullWidth
                  maxLength={200}
                  lang="en"
                  {...form.field('nameEn')}
                />
              </FormRow>
              <FormRow>
                <Select
                  label={t('partnerFirm.field.officeType')}
                  required
                  fullWidth
                  placeholder=""
                  {...form.field('officeType')}
                  options={officeTypes.values.map((type) => ({
                    value: type,
                    label: t(officeTypes.labelKey(type)),
                  }))}
                />
                <RegionField label={t('partnerFirm.field.region')} required {...form.field('regionCode')} />
              </FormRow>
              <TextField
                label={t('partnerFirm.field.address')}
                required
                fullWidth
                maxLength={500}
                autoComplete="street-address"
                {...form.field('address')}
              />
              <FormRow>
                <TextField
                  label={t('partnerFirm.field.phoneNumber')}
                  required
                  fullWidth
                  type="tel"
                  autoComplete="tel"
                  helpText={t('phone.hint')}
                  {...form.field('phoneNumber')}
                />
                <TextField
                  label={t('partnerFirm.field.email')}
                  required
                  fullWidth
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  {...form.field('email')}
                />
              </FormRow>
              <TextField
                label={t('partnerFirm.field.website')}
                fullWidth
                type="url"
                maxLength={500}
                placeholder={t('partnerFirm.field.websitePlaceholder')}
                {...form.field('website')}
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
                label={t('partnerFirm.field.technicalFields')}
                helpText={t('partnerFirm.field.technicalFieldsHelp')}
                fullWidth
                rows={5}
                {...form.field('technicalFields')}
              />
              <TextArea
                label={t('partnerFirm.field.feeNotes')}
                fullWidth
                rows={4}
                maxLength={2000}
                {...form.field('feeNotes')}
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
