import { isApiError, useCreateProjectMutation } from '@ipportal/api-client';
import { createMatterSchema, creatableCaseTypes } from '@ipportal/domain';
import { Button, Checkbox, RadioGroup, Spinner, TextField, useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { projectTexts } from '../project-texts';
import { domainMessages, useMessages } from '../../../shared/lazy-messages';
import { hrefTo } from '../../../routes/paths';
import { FormStack } from '../../../shared/forms/form-layout';
import { focusRadioGroup } from '../../../shared/forms/focus-first-invalid';
import { RegionField } from '../../../shared/forms/region-field';
import { useGuardedForm } from '../../../shared/forms/use-guarded-form';
import { fieldErrorsOf } from '../../../shared/forms/validation';
import { useFormWarning } from '../../../shared/form-warning';
import { projectsQuery } from '../projects-query';

type Field = 'type' | 'refrenceCode' | 'regionCode' | 'title';
const fieldOrder: readonly Field[] = ['type', 'refrenceCode', 'regionCode', 'title'];
const ids: Record<Field, string> = {
  type: 'create-matter-type',
  refrenceCode: 'create-matter-reference',
  regionCode: 'create-matter-region',
  title: 'create-matter-title',
};

interface MatterValues {
  /** '' until chosen. */
  type: string;
  refrenceCode: string;
  /** The region code as a string, '' for none. */
  regionCode: string;
  title: string;
  continueToEstimate: boolean;
}

const empty: MatterValues = {
  type: '',
  refrenceCode: '',
  regionCode: '',
  title: '',
  continueToEstimate: false,
};

function parseMatter(values: MatterValues) {
  return createMatterSchema.safeParse({
    type: values.type === '' ? undefined : Number(values.type),
    refrenceCode: values.refrenceCode,
    regionCode: values.regionCode === '' ? undefined : Number(values.regionCode),
    title: values.title,
  });
}

function fieldAt(path: readonly PropertyKey[]): Field | null {
  return fieldOrder.find((field) => field === path[0]) ?? null;
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
  const warning = useFormWarning();
  // Closing the dialog with Escape, its close button or leaving the page asks while input would be lost.
  const form = useGuardedForm<MatterValues>({
    defaultValues: empty,
    ids,
    fieldOrder,
    focus: { type: focusRadioGroup },
    resolver: (values) => {
      const parsed = parseMatter(values);
      if (parsed.success) return {};
      warning.warn(t('projects.toast.validationErrors'));
      return fieldErrorsOf(parsed.error.issues, fieldAt);
    },
    onSubmit: submit,
  });
  const { values } = form;

  async function submit(submitted: MatterValues) {
    const parsed = parseMatter(submitted);
    if (!parsed.success) return;
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
    const continueToEstimate = submitted.continueToEstimate;
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
    form.reset(empty);
    onClose();
    if (continueToEstimate) void navigate(matterHref(true));
  }

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(event)} aria-busy={saving || undefined}>
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
          error={form.errorText('type')}
          onChange={(value) => form.setValue('type', value)}
        />
        <TextField
          label={t('projects.create.refrenceCode')}
          required
          fullWidth
          maxLength={50}
          autoComplete="off"
          {...form.field('refrenceCode')}
        />
        <RegionField label={t('projects.create.region')} required {...form.field('regionCode')} />
        <TextField
          label={t('projects.create.title')}
          required
          fullWidth
          maxLength={200}
          showCounter
          autoComplete="off"
          {...form.field('title')}
        />
        <Checkbox
          label={t('projects.create.continueToEstimate')}
          description={t('projects.create.continueToEstimateHelp')}
          checked={values.continueToEstimate}
          onChange={(event) => form.setValue('continueToEstimate', event.target.checked)}
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
