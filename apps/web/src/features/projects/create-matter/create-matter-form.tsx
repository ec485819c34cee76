import { isApiError, useCreateProjectMutation } from '@ipportal/api-client';
import { createMatterSchema, creatableCaseTypes, describeIssue } from '@ipportal/domain';
import type { MessageDescriptor } from '@ipportal/domain';
import { Button, Checkbox, RadioGroup, Spinner, TextField, useToast } from '@ipportal/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { projectTexts } from '../project-texts';
import { domainMessages, useMessages } from '../../../shared/lazy-messages';
import { hrefTo } from '../../../routes/paths';
import { FormStack } from '../../../shared/forms/form-layout';
import { RegionField } from '../../../shared/forms/region-field';
import { useFormWarning } from '../../../shared/form-warning';
import { changedFrom, useUnsavedChanges } from '../../../shared/unsaved-changes';
import { projectsQuery } from '../projects-query';

type Field = 'type' | 'refrenceCode' | 'regionCode' | 'title';
const fieldOrder: readonly Field[] = ['type', 'refrenceCode', 'regionCode', 'title'];
const ids: Record<Field, string> = {
  type: 'create-matter-type',
  refrenceCode: 'create-matter-reference',
  regionCode: 'create-matter-region',
  title: 'create-matter-title',
};

interface Values {
  /** '' until chosen. */
  type: string;
  refrenceCode: string;
  /** The region code as a string, '' for none. */
  regionCode: string;
  title: string;
  continueToEstimate: boolean;
}

const empty: Values = { type: '', refrenceCode: '', regionCode: '', title: '', continueToEstimate: false };

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px;
  min-height: ${({ theme }) => theme.layout.controlHeight.md}px;
  margin-top: ${({ theme }) => theme.space.xl}px;
`;

const Saving = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 96px;
  min-height: ${({ theme }) => theme.layout.controlHeight.md}px;
  color: ${({ theme }) => theme.colors.primary};
`;

export interface CreateMatterFormProps {
  /** Cancel, or a matter created (then the dialog closes). */
  onClose: () => void;
}

/**
 * The Create Matter form: type (patent right or trademark right only), reference code, region,
 * title, and "continue to estimate", which opens the new matter's request info tab with an
 * estimate request form. Loaded when the dialog first opens.
 */
export function CreateMatterForm({ onClose }: CreateMatterFormProps) {
  useMessages(projectTexts, domainMessages);
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [createProject, { isLoading: saving }] = useCreateProjectMutation();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, MessageDescriptor>>>({});
  const warning = useFormWarning();
  // Closing the dialog with Escape, its close button or leaving the page asks while input would be lost.
  useUnsavedChanges(changedFrom(empty, values));

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key !== 'continueToEstimate') setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const errorText = (field: Field) => {
    const error = errors[field];
    return error ? t(error.key, error.params) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = createMatterSchema.safeParse({
      type: values.type === '' ? undefined : Number(values.type),
      refrenceCode: values.refrenceCode,
      regionCode: values.regionCode === '' ? undefined : Number(values.regionCode),
      title: values.title,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, MessageDescriptor>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (fieldOrder.includes(field) && !found[field]) found[field] = describeIssue(issue);
      }
      setErrors(found);
      warning.warn(t('projects.toast.validationErrors'));
      const first = fieldOrder.find((field) => found[field]);
      if (first === 'type') document.querySelector<HTMLInputElement>(`input[name="${ids.type}"]`)?.focus();
      else if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    warning.dismiss();
    const result = await createProject(parsed.data);
    if ('error' in result) {
      const cause = result.error;
      toast.error(t('projects.toast.createFailed'), {
        detail: isApiError(cause) ? (cause.serverMessage ?? undefined) : undefined,
      });
      return;
    }
    const created = result.data;
    const continueToEstimate = values.continueToEstimate;
    const matterHref = (estimate: boolean) =>
      hrefTo('projects', undefined, projectsQuery({ projectId: created.id, estimate }));
    toast.info(t('projects.toast.createSuccess'), {
      detail: `${created.refrenceCode} ${created.title}`,
      // Going on to the estimate opens the matter anyway; otherwise offer to open it.
      ...(continueToEstimate
        ? {}
        : {
            action: {
              label: t('projects.toast.openCreated'),
              onClick: () => void navigate(matterHref(false)),
            },
          }),
    });
    setValues(empty);
    setErrors({});
    onClose();
    if (continueToEstimate) void navigate(matterHref(true));
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={saving || undefined}>
      <FormStack>
        <RadioGroup
          name={ids.type}
          label={t('projects.create.type')}
          required
          orientation="horizontal"
          value={values.type === '' ? null : values.type}
          options={creatableCaseTypes.map((type) => ({
            value: String(type),
            label: t(`code.caseType.${type}`),
          }))}
          error={errorText('type')}
          onChange={(value) => set('type', value)}
        />
        <TextField
          id={ids.refrenceCode}
          label={t('projects.create.refrenceCode')}
          required
          fullWidth
          maxLength={50}
          autoComplete="off"
          value={values.refrenceCode}
          error={errorText('refrenceCode')}
          onChange={(event) => set('refrenceCode', event.target.value)}
        />
        <RegionField
          id={ids.regionCode}
          label={t('projects.create.region')}
          required
          value={values.regionCode}
          error={errorText('regionCode')}
          onChange={(value) => set('regionCode', value)}
        />
        <TextField
          id={ids.title}
          label={t('projects.create.title')}
          required
          fullWidth
          maxLength={200}
          showCounter
          autoComplete="off"
          value={values.title}
          error={errorText('title')}
          onChange={(event) => set('title', event.target.value)}
        />
        <Checkbox
          label={t('projects.create.continueToEstimate')}
          description={t('projects.create.continueToEstimateHelp')}
          checked={values.continueToEstimate}
          onChange={(event) => set('continueToEstimate', event.target.checked)}
        />
      </FormStack>
      <Footer>
        <Button variant="secondary" disabled={saving} onClick={() => onClose()}>
          {t('projects.create.cancel')}
        </Button>
        {saving ? (
          <Saving>
            <Spinner label={t('projects.create.saving')} />
          </Saving>
        ) : (
          <Button type="submit">{t('projects.create.submit')}</Button>
        )}
      </Footer>
    </form>
  );
}
