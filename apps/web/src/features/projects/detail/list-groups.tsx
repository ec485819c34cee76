import { applicantRoles, applicantSchema, priorityClaimSchema, ValidationMessage } from '@ipportal/domain';
import type { Applicant, ApplicantRole, PriorityClaim, ProjectDetail } from '@ipportal/domain';
import { Button, IconButton, PlusIcon, Table, TrashIcon } from '@ipportal/ui';
import type { TableColumn } from '@ipportal/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { RegionField } from '../../../shared/forms/region-field';
import { useFormats } from '../format';
import { EditableGroup } from './editable-group';
import { textOf, valuesOf } from './field-specs';
import type { Draft, FieldSpec } from './field-specs';
import { groupErrorsOf } from './group-errors';
import type { GroupErrors, IssueLike } from './group-errors';
import { SpecInput } from './spec-input';
import type { ProjectPatch } from './use-save-project';
import { EditGrid, Muted } from './layout';
import { fieldsOf } from './right-types';
import type { RightTypeFields } from './right-types';

/** Errors of a list of entries; an empty required field says "required" whatever the schema said. */
function entryErrors(
  specs: readonly FieldSpec[],
  entries: readonly Draft[],
  issues: readonly IssueLike[],
  numeric: ReadonlySet<string>,
): GroupErrors {
  const errors = groupErrorsOf(issues, numeric);
  entries.forEach((entry, index) => {
    for (const spec of specs) {
      if (spec.required && (entry[spec.key] ?? '').trim() === '') {
        errors[`${index}.${spec.key}`] = { key: ValidationMessage.required };
      }
    }
  });
  return errors;
}

const Entry = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space.lg}px;
  padding: ${({ theme }) => theme.space.lg}px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md}px;
  min-width: 0;
  & > legend {
    padding: 0 ${({ theme }) => theme.space.xs}px;
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  }
`;

const EntryHead = styled.div`
  display: flex;
  justify-content: flex-end;
  margin: -${({ theme }) => theme.space.sm}px 0 ${({ theme }) => theme.space.sm}px;
`;

interface ListGroupProps {
  detail: ProjectDetail;
  readOnly: boolean;
  save: (body: ProjectPatch) => Promise<boolean>;
}

/** Shared editor of a list of entries (applicants, priority claims): add, remove, edit each. */
function EntriesEditor({
  entries,
  specs,
  errors,
  idOf,
  legend,
  onChange,
  blank,
  addLabel,
  removeLabel,
  renderField,
}: {
  entries: Draft[];
  specs: readonly FieldSpec[];
  errors: GroupErrors;
  idOf: (key: string) => string;
  legend: (index: number) => string;
  onChange: (entries: Draft[]) => void;
  blank: Draft;
  addLabel: string;
  removeLabel: (index: number) => string;
  renderField?: (
    spec: FieldSpec,
    index: number,
    entry: Draft,
    set: (value: string) => void,
  ) => ReactNode | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      {entries.length === 0 && (
        <p>
          <Muted>{t('projects.common.noEntries')}</Muted>
        </p>
      )}
      {entries.map((entry, index) => {
        const set = (key: string) => (value: string) =>
          onChange(entries.map((e, i) => (i === index ? { ...e, [key]: value } : e)));
        return (
          // Entries have no id: the position is their identity while editing.
          <Entry key={index}>
            <legend>{legend(index)}</legend>
            <EntryHead>
              <IconButton
                label={removeLabel(index)}
                icon={<TrashIcon size={18} />}
                onClick={() => onChange(entries.filter((_, i) => i !== index))}
              />
            </EntryHead>
            <EditGrid>
              {specs.map(
                (spec) =>
                  renderField?.(spec, index, entry, set(spec.key)) ?? (
                    <SpecInput
                      key={spec.key}
                      spec={spec}
                      id={idOf(`${index}.${spec.key}`)}
                      value={entry[spec.key] ?? ''}
                      error={errors[`${index}.${spec.key}`]}
                      onChange={set(spec.key)}
                    />
                  ),
              )}
            </EditGrid>
          </Entry>
        );
      })}
      <Button
        variant="secondary"
        startIcon={<PlusIcon size={18} />}
        onClick={() => onChange([...entries, { ...blank }])}
      >
        {addLabel}
      </Button>
    </>
  );
}

const applicantSpecs: readonly FieldSpec[] = [
  // Options per right type: see applicantSpecsFor.
  { key: 'role', labelKey: 'projects.field.applicantRole', kind: 'select', required: true },
  { key: 'name', labelKey: 'projects.field.applicantName', kind: 'text', maxLength: 200, required: true },
  {
    key: 'identificationNumber',
    labelKey: 'projects.field.identificationNumber',
    kind: 'text',
    maxLength: 50,
  },
  { key: 'address', labelKey: 'projects.field.address', kind: 'text', maxLength: 500, wide: true },
  { key: 'shareRatio', labelKey: 'projects.field.shareRatio', kind: 'decimal' },
  { key: 'contribution', labelKey: 'projects.field.contribution', kind: 'decimal' },
];

/** The label of a role on a matter of this right type (an inventor of a utility model is its deviser). */
function roleLabelKey(fields: RightTypeFields, role: ApplicantRole): string {
  return fields.roleLabelKeys[role] ?? `projects.applicantRole.${role}`;
}

/**
 * The applicant fields of a right type: its roles (a trademark has no inventor) and, where the
 * type has one, the contribution. An entry keeps a role its type does not offer (one stored
 * before the type was corrected) until it is changed.
 */
function applicantSpecsFor(fields: RightTypeFields, entries: readonly Draft[]): FieldSpec[] {
  const roles = applicantRoles.filter(
    (role) => role in fields.roleLabelKeys || entries.some((entry) => entry.role === role),
  );
  return applicantSpecs
    .filter((spec) => spec.key !== 'contribution' || fields.contribution)
    .map((spec) =>
      spec.key === 'role'
        ? {
            ...spec,
            options: (t) => roles.map((role) => ({ value: role, label: t(roleLabelKey(fields, role)) })),
          }
        : spec,
    );
}

function applicantDraft(applicant: Applicant): Draft {
  return Object.fromEntries(
    applicantSpecs.map((spec) => {
      const value = applicant[spec.key as keyof Applicant];
      return [spec.key, textOf(value)];
    }),
  );
}

type EntriesDraft = { entries: Draft[] };

export function ApplicantsGroup({ detail, readOnly, save }: ListGroupProps) {
  const { t } = useTranslation();
  const formats = useFormats();
  const fields = fieldsOf(detail.type);
  const title = t(fields.applicantsTitleKey);
  const percent = (value: number | null) => (value === null ? '' : `${formats.number(value)}%`);
  const allColumns: TableColumn<Applicant>[] = [
    {
      key: 'role',
      header: t('projects.field.applicantRole'),
      cell: (a) => t(roleLabelKey(fields, a.role)),
      nowrap: true,
    },
    { key: 'name', header: t('projects.field.applicantName'), cell: (a) => a.name },
    {
      key: 'identificationNumber',
      header: t('projects.field.identificationNumber'),
      cell: (a) => a.identificationNumber ?? '',
      nowrap: true,
    },
    { key: 'address', header: t('projects.field.address'), cell: (a) => a.address ?? '' },
    {
      key: 'shareRatio',
      header: t('projects.field.shareRatio'),
      cell: (a) => percent(a.shareRatio),
      align: 'end',
      nowrap: true,
    },
    {
      key: 'contribution',
      header: t('projects.field.contribution'),
      cell: (a) => percent(a.contribution),
      align: 'end',
      nowrap: true,
    },
  ];
  const columns = allColumns.filter((column) => column.key !== 'contribution' || fields.contribution);
  return (
    <EditableGroup<EntriesDraft>
      id="matter-group-applicants"
      title={title}
      readOnly={readOnly}
      initial={() => ({ entries: detail.applicants.map(applicantDraft) })}
      view={
        <Table
          caption={title}
          captionHidden
          columns={columns}
          rows={detail.applicants}
          getRowKey={(a) => `${a.role}-${a.name}-${a.identificationNumber ?? ''}`}
          emptyText={t('projects.common.noEntries')}
        />
      }
      edit={(draft, change, errors, idOf) => (
        <EntriesEditor
          entries={draft.entries}
          specs={applicantSpecsFor(fields, draft.entries)}
          errors={errors}
          idOf={idOf}
          legend={(i) => t('projects.field.applicantEntry', { n: i + 1 })}
          removeLabel={(i) => t('projects.detail.removeEntry', { n: i + 1 })}
          addLabel={t('projects.detail.addApplicant')}
          blank={{
            role: 'applicant',
            name: '',
            identificationNumber: '',
            address: '',
            shareRatio: '',
            contribution: '',
          }}
          onChange={(entries) => change({ entries })}
        />
      )}
      validate={(draft) => {
        const values = draft.entries.map((entry) => valuesOf(applicantSpecs, entry));
        const issues = values.flatMap((value, index) => {
          const result = applicantSchema.safeParse({ ...value, name: value.name ?? '' });
          return result.success
            ? []
            : result.error.issues.map((issue) => ({ ...issue, path: [index, ...issue.path] }));
        });
        if (issues.length > 0) {
          return {
            errors: entryErrors(
              applicantSpecs,
              draft.entries,
              issues,
              new Set(['shareRatio', 'contribution']),
            ),
          };
        }
        return {
          body: {
            applicants: values.map((value) => applicantSchema.parse({ ...value, name: value.name ?? '' })),
          },
        };
      }}
      save={save}
    />
  );
}

const prioritySpecs: readonly FieldSpec[] = [
  { key: 'regionCode', labelKey: 'projects.field.priorityRegion', kind: 'int' },
  {
    key: 'baseApplicationNumber',
    labelKey: 'projects.field.baseApplicationNumber',
    kind: 'text',
    maxLength: 50,
    required: true,
  },
  {
    key: 'baseApplicationDate',
    labelKey: 'projects.field.baseApplicationDate',
    kind: 'date',
    required: true,
  },
  { key: 'accessCode', labelKey: 'projects.field.accessCode', kind: 'text', maxLength: 20 },
];

function priorityDraft(claim: PriorityClaim): Draft {
  return {
    regionCode: claim.regionCode === null ? '' : String(claim.regionCode),
    baseApplicationNumber: claim.baseApplicationNumber,
    baseApplicationDate: claim.baseApplicationDate,
    accessCode: claim.accessCode ?? '',
  };
}

export function PriorityGroup({ detail, readOnly, save }: ListGroupProps) {
  const { t } = useTranslation();
  const formats = useFormats();
  const columns: TableColumn<PriorityClaim>[] = [
    {
      key: 'region',
      header: t('projects.field.priorityRegion'),
      cell: (c) => (c.regionCode === null ? '' : t(`region.${c.regionCode}`)),
      nowrap: true,
    },
    {
      key: 'number',
      header: t('projects.field.baseApplicationNumber'),
      cell: (c) => c.baseApplicationNumber,
      nowrap: true,
    },
    {
      key: 'date',
      header: t('projects.field.baseApplicationDate'),
      cell: (c) => formats.date(c.baseApplicationDate),
      nowrap: true,
    },
    { key: 'access', header: t('projects.field.accessCode'), cell: (c) => c.accessCode ?? '', nowrap: true },
  ];
  return (
    <EditableGroup<EntriesDraft>
      id="matter-group-priority"
      title={t('projects.group.priority')}
      readOnly={readOnly}
      initial={() => ({ entries: detail.priorityClaims.map(priorityDraft) })}
      view={
        <Table
          caption={t('projects.group.priority')}
          captionHidden
          columns={columns}
          rows={detail.priorityClaims}
          getRowKey={(c) => `${c.baseApplicationNumber}-${c.baseApplicationDate}`}
          emptyText={t('projects.common.noEntries')}
        />
      }
      edit={(draft, change, errors, idOf) => (
        <EntriesEditor
          entries={draft.entries}
          specs={prioritySpecs}
          errors={errors}
          idOf={idOf}
          legend={(i) => t('projects.field.priorityEntry', { n: i + 1 })}
          removeLabel={(i) => t('projects.detail.removeEntry', { n: i + 1 })}
          addLabel={t('projects.detail.addPriority')}
          blank={{ regionCode: '', baseApplicationNumber: '', baseApplicationDate: '', accessCode: '' }}
          onChange={(entries) => change({ entries })}
          renderField={(spec, index, entry, set) => {
            if (spec.key !== 'regionCode') return undefined;
            const error = errors[`${index}.regionCode`];
            return (
              <RegionField
                key={spec.key}
                id={idOf(`${index}.regionCode`)}
                label={t(spec.labelKey)}
                value={entry.regionCode ?? ''}
                error={error ? t(error.key, error.params ?? {}) : undefined}
                onChange={set}
              />
            );
          }}
        />
      )}
      validate={(draft) => {
        const values = draft.entries.map((entry) => {
          const value = valuesOf(prioritySpecs, entry);
          return {
            ...value,
            baseApplicationNumber: value.baseApplicationNumber ?? '',
            baseApplicationDate: value.baseApplicationDate ?? undefined,
          };
        });
        const issues = values.flatMap((value, index) => {
          const result = priorityClaimSchema.safeParse(value);
          return result.success
            ? []
            : result.error.issues.map((issue) => ({ ...issue, path: [index, ...issue.path] }));
        });
        if (issues.length > 0) {
          return { errors: entryErrors(prioritySpecs, draft.entries, issues, new Set(['regionCode'])) };
        }
        return { body: { priorityClaims: values.map((value) => priorityClaimSchema.parse(value)) } };
      }}
      save={save}
    />
  );
}
