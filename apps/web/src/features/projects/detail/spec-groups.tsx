import {
  applicationInfoSchema,
  caseTypes,
  internationalInfoSchema,
  maintenanceInfoSchema,
  progressStatuses,
  registrationInfoSchema,
  rightsStatuses,
  updateProjectBodySchema,
} from '@ipportal/domain';
import type { ComputedDeadline, ProjectDetail } from '@ipportal/domain';
import { StatusChip } from '@ipportal/ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RegionField } from '../../../shared/forms/region-field';
import { useFormats } from '../format';
import type { Formats } from '../format';
import { statusTone } from '../status-tone';
import { DeadlineHint } from './deadline-hint';
import { deadlinesBeside } from './deadlines';
import { EditableGroup } from './editable-group';
import { draftOf, numericKeys, textOf, valuesOf } from './field-specs';
import type { Draft, FieldSpec } from './field-specs';
import { groupErrorsOf } from './group-errors';
import type { SchemaLike } from './group-errors';
import { SpecInput, WithHint } from './spec-input';
import type { ProjectPatch } from './use-save-project';
import { EditGrid, Field, Fields, Muted } from './layout';
import { fieldsOf } from './right-types';
import type { SpecGroupName } from './right-types';

const text = (key: string, labelKey: string, maxLength: number): FieldSpec => ({
  key,
  labelKey,
  kind: 'text',
  maxLength,
});
const date = (key: string, labelKey: string): FieldSpec => ({ key, labelKey, kind: 'date' });
const int = (key: string, labelKey: string): FieldSpec => ({ key, labelKey, kind: 'int' });

export const groupSpecs: Record<SpecGroupName, readonly FieldSpec[]> = {
  application: [
    text('applicationCode', 'projects.field.applicationCode', 50),
    date('applicationDate', 'projects.field.applicationDate'),
    text('publicationCode', 'projects.field.publicationCode', 50),
    date('publicationDate', 'projects.field.publicationDate'),
    date('priorityPeriod', 'projects.field.priorityPeriod'),
    date('examRequestPeriod', 'projects.field.examRequestPeriod'),
    date('examRequestDate', 'projects.field.examRequestDate'),
    text('accessCode', 'projects.field.accessCode', 20),
  ],
  registration: [
    // Labelled per right type (patent number, registration number).
    text('registCode', 'projects.field.registrationNumber', 50),
    date('issueDate', 'projects.field.issueDate'),
    date('officialPublicationDate', 'projects.field.officialPublicationDate'),
    date('grantDecisionDate', 'projects.field.grantDecisionDate'),
    date('registDate', 'projects.field.registDate'),
    int('claimsCount', 'projects.field.claimsCount'),
    date('durationExpiry', 'projects.field.durationExpiry'),
    {
      key: 'rightsStatus',
      labelKey: 'projects.field.rightsStatus',
      kind: 'select',
      options: (t) =>
        rightsStatuses.values.map((value) => ({ value, label: t(`code.rightsStatus.${value}`) })),
    },
  ],
  maintenance: [
    date('registrationFeePaymentDate', 'projects.field.registrationFeePaymentDate'),
    int('yearFrom', 'projects.field.yearFrom'),
    int('yearTo', 'projects.field.yearTo'),
    date('nextPaymentDate', 'projects.field.nextPaymentDate'),
    date('dueDate', 'projects.field.dueDate'),
    int('paymentYear', 'projects.field.paymentYear'),
    date('paymentDate', 'projects.field.paymentDate'),
  ],
  international: [
    text('applicationNumber', 'projects.field.intlApplicationNumber', 50),
    date('applicationDate', 'projects.field.intlApplicationDate'),
    text('publicationNumber', 'projects.field.intlPublicationNumber', 50),
    date('publicationDate', 'projects.field.intlPublicationDate'),
    date('searchReportTransmittalDate', 'projects.field.searchReportTransmittalDate'),
    date('nationalTransitionDeadline', 'projects.field.nationalTransitionDeadline'),
    date('article19AmendmentDeadline', 'projects.field.article19AmendmentDeadline'),
    date('preliminaryExamDeadline', 'projects.field.preliminaryExamDeadline'),
  ],
};

const groupSchemas: Record<SpecGroupName, SchemaLike> = {
  application: applicationInfoSchema,
  registration: registrationInfoSchema,
  maintenance: maintenanceInfoSchema,
  international: internationalInfoSchema,
};

/** How a stored value reads in view mode. */
export function displayValue(spec: FieldSpec, value: unknown, t: TFunction, formats: Formats): string {
  const text = textOf(value);
  if (text === '') return '';
  switch (spec.kind) {
    case 'date':
      return formats.date(text);
    case 'int':
    case 'decimal':
      return typeof value === 'number' ? formats.number(value) : text;
    case 'select':
      return spec.key === 'rightsStatus' ? t(`code.rightsStatus.${text}`) : text;
    default:
      return text;
  }
}

export function ValueOrNone({ value }: { value: string }) {
  const { t } = useTranslation();
  return value === '' ? <Muted>{t('projects.common.notSet')}</Muted> : <>{value}</>;
}

interface GroupProps {
  detail: ProjectDetail;
  deadlines: readonly ComputedDeadline[];
  readOnly: boolean;
  save: (body: ProjectPatch) => Promise<boolean>;
}

/**
 * The specs of a group that a right type has, with their labels for that type. The group is saved
 * whole: the fields the type does not have go back as stored.
 */
function shownSpecs(name: SpecGroupName, type: number): FieldSpec[] {
  const fields = fieldsOf(type);
  const hidden = new Set(fields.hiddenFields[name] ?? []);
  return groupSpecs[name]
    .filter((spec) => !hidden.has(spec.key))
    .map((spec) =>
      name === 'registration' && spec.key === 'registCode'
        ? { ...spec, labelKey: fields.registCodeLabelKey }
        : spec,
    );
}

/** A group of plain values (application, registration, maintenance, international filing). */
export function SpecGroup({ name, detail, deadlines, readOnly, save }: GroupProps & { name: SpecGroupName }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const specs = groupSpecs[name];
  const shown = shownSpecs(name, detail.type);
  const values = detail[name] as Record<string, unknown>;
  const beside = (key: string) => deadlinesBeside(`${name}.${key}`, deadlines);

  const view = (
    <Fields>
      {shown.map((spec) => {
        if (name === 'maintenance' && spec.key === 'yearTo') return null;
        if (name === 'maintenance' && spec.key === 'yearFrom') {
          const from = values.yearFrom as number | null;
          const to = values.yearTo as number | null;
          const range =
            from === null && to === null
              ? ''
              : t('projects.field.yearRangeValue', { from: from ?? '?', to: to ?? '?' });
          return (
            <Field key="yearRange" label={t('projects.field.yearRange')}>
              <ValueOrNone value={range} />
            </Field>
          );
        }
        const stored = values[spec.key];
        const hints = beside(spec.key);
        if (hints.length === 0) {
          return (
            <Field key={spec.key} label={t(spec.labelKey)}>
              <ValueOrNone value={displayValue(spec, stored, t, formats)} />
            </Field>
          );
        }
        // A stored date with the deadlines the rules compute for it, side by side.
        return (
          <Field key={spec.key} label={t(spec.labelKey)} wide>
            <WithHint>
              <div>
                <ValueOrNone value={displayValue(spec, stored, t, formats)} />
              </div>
              <div>
                {hints.map((deadline) => (
                  <DeadlineHint
                    key={deadline.key}
                    deadline={deadline}
                    stored={typeof stored === 'string' ? stored : null}
                  />
                ))}
              </div>
            </WithHint>
          </Field>
        );
      })}
    </Fields>
  );

  return (
    <EditableGroup<Draft>
      id={`matter-group-${name}`}
      title={t(`projects.group.${name}`)}
      readOnly={readOnly}
      initial={() => draftOf(specs, values)}
      view={view}
      edit={(draft, change, errors, idOf) => (
        <EditGrid>
          {shown.map((spec) => (
            <SpecInput
              key={spec.key}
              spec={spec}
              id={idOf(spec.key)}
              value={draft[spec.key] ?? ''}
              error={errors[spec.key]}
              onChange={(value) => change({ [spec.key]: value })}
              hint={beside(spec.key).map((deadline) => (
                <DeadlineHint key={deadline.key} deadline={deadline} />
              ))}
            />
          ))}
        </EditGrid>
      )}
      validate={(draft) => {
        const result = groupSchemas[name].safeParse(valuesOf(specs, draft));
        if (!result.success) return { errors: groupErrorsOf(result.error.issues, numericKeys(specs)) };
        return { body: { [name]: result.data } };
      }}
      save={save}
    />
  );
}

/* ---- The matter's list-level fields ---- */

const basicSpecs: readonly FieldSpec[] = [
  {
    key: 'type',
    labelKey: 'projects.field.type',
    kind: 'select',
    required: true,
    options: (t) =>
      caseTypes.values.map((value) => ({ value: String(value), label: t(`code.caseType.${value}`) })),
  },
  {
    key: 'refrenceCode',
    labelKey: 'projects.field.refrenceCode',
    kind: 'text',
    maxLength: 50,
    required: true,
  },
  { key: 'regionCode', labelKey: 'projects.field.region', kind: 'int', required: true },
  {
    key: 'title',
    labelKey: 'projects.field.title',
    kind: 'text',
    maxLength: 200,
    showCounter: true,
    required: true,
    wide: true,
  },
  {
    key: 'status',
    labelKey: 'projects.field.status',
    kind: 'select',
    required: true,
    options: (t) =>
      progressStatuses.values.map((value) => ({
        value: String(value),
        label: t(`code.progressStatus.${value}`),
      })),
  },
  { key: 'name', labelKey: 'projects.field.inventionName', kind: 'text', maxLength: 500, wide: true },
];

/** The title of the invention, device or design article; trademarks have none. */
export function nameLabelKey(type: number): string | null {
  return fieldsOf(type).nameLabelKey;
}

export function BasicGroup({ detail, readOnly, save }: Omit<GroupProps, 'deadlines'>) {
  const { t } = useTranslation();
  const nameKey = nameLabelKey(detail.type);
  const specs = basicSpecs.filter((spec) => spec.key !== 'name' || nameKey !== null);
  const view = (
    <Fields>
      <Field label={t('projects.field.type')}>{t(`code.caseType.${detail.type}`)}</Field>
      <Field label={t('projects.field.refrenceCode')}>{detail.refrenceCode}</Field>
      <Field label={t('projects.field.region')}>{t(`region.${detail.regionCode}`)}</Field>
      <Field label={t('projects.field.status')}>
        <StatusChip tone={statusTone(detail.status)} dot>
          {t(`code.progressStatus.${detail.status}`)}
        </StatusChip>
      </Field>
      <Field label={t('projects.field.title')} wide>
        {detail.title}
      </Field>
      {nameKey && (
        <Field label={t(nameKey)} wide>
          <ValueOrNone value={detail.name ?? ''} />
        </Field>
      )}
    </Fields>
  );
  return (
    <EditableGroup<Draft>
      id="matter-group-basic"
      title={t('projects.group.basic')}
      readOnly={readOnly}
      initial={() => draftOf(specs, detail)}
      view={view}
      edit={(draft, change, errors, idOf) => {
        const draftNameKey = nameLabelKey(Number(draft.type));
        return (
          <EditGrid>
            {specs.map((spec) => {
              if (spec.key === 'regionCode') {
                const error = errors.regionCode;
                return (
                  <RegionField
                    key={spec.key}
                    id={idOf(spec.key)}
                    label={t(spec.labelKey)}
                    required
                    value={draft.regionCode ?? ''}
                    error={error ? t(error.key, error.params ?? {}) : undefined}
                    onChange={(value) => change({ regionCode: value })}
                  />
                );
              }
              if (spec.key === 'name' && draftNameKey === null) return null;
              return (
                <SpecInput
                  key={spec.key}
                  spec={spec}
                  id={idOf(spec.key)}
                  label={spec.key === 'name' && draftNameKey ? t(draftNameKey) : undefined}
                  value={draft[spec.key] ?? ''}
                  error={errors[spec.key]}
                  onChange={(value) => change({ [spec.key]: value })}
                />
              );
            })}
          </EditGrid>
        );
      }}
      validate={(draft) => {
        const values = valuesOf(specs, draft);
        const body = {
          type: values.type === null ? undefined : Number(values.type),
          refrenceCode: draft.refrenceCode ?? '',
          regionCode: values.regionCode ?? undefined,
          title: draft.title ?? '',
          status: values.status === null ? undefined : Number(values.status),
          ...(nameLabelKey(Number(draft.type)) === null ? {} : { name: values.name }),
        };
        const result = updateProjectBodySchema.safeParse(body);
        if (!result.success) return { errors: groupErrorsOf(result.error.issues, new Set(['regionCode'])) };
        return { body: result.data };
      }}
      save={save}
    />
  );
}
