import {
  projectListArgs,
  useListProjectsPageQuery,
  useRenameProjectFamilyMutation,
  useUpdateProjectMutation,
} from '@ipportal/api-client';
import { updateProjectBodySchema } from '@ipportal/domain';
import type { ComputedDeadline, ProjectDetail } from '@ipportal/domain';
import { Checkbox, Switch, TextField, useToast } from '@ipportal/ui';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { hrefTo } from '../../../routes/paths';
import { projectsQuery } from '../projects-query';
import { MatterDeadlines } from '../../terms';
import { DeadlineHint } from './deadline-hint';
import { deadlinesOf } from './deadlines';
import { EditableGroup } from './editable-group';
import { failureDetail } from './failure-detail';
import { groupErrorsOf } from './group-errors';
import { useSaveProject } from './use-save-project';
import type { ProjectPatch } from './use-save-project';
import { ApplicantsGroup, PriorityGroup } from './list-groups';
import { Field, Fields, GroupSection, Muted, Stack } from './layout';
import { BasicGroup, SpecGroup, ValueOrNone } from './spec-groups';
import { fieldsOf } from './right-types';
import { TrademarkGroup } from './trademark-group';

const MemberList = styled.ul`
  margin: ${({ theme }) => theme.space.xs}px 0 0;
  padding-left: ${({ theme }) => theme.space.lg}px;
  line-height: ${({ theme }) => theme.typography.lineHeight.normal};
  & a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/**
 * The family name (its own save toasts) and the other matters of the family. When the matter has
 * family members, a change renames the whole family by default (PUT .../family with
 * allOfFamily): a family name is the family's, not one matter's.
 */
function FamilyGroup({ detail, readOnly }: { detail: ProjectDetail; readOnly: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [rename] = useRenameProjectFamilyMutation();
  const family = detail.family;
  const { data } = useListProjectsPageQuery(
    { ...projectListArgs({ family: family ?? undefined }), limit: 100 },
    { skip: !family },
  );
  const members = (data?.items ?? []).filter((p) => p.id !== detail.id);
  // The form's choice for the save that follows its validation (the group's body is the PATCH
  // shape, which has no place for it).
  const allOfFamily = useRef(false);
  return (
    <EditableGroup<{ family: string; allOfFamily: boolean }>
      id="matter-group-family"
      title={t('projects.group.family')}
      readOnly={readOnly}
      initial={() => ({ family: family ?? '', allOfFamily: members.length > 0 })}
      view={
        <Fields>
          <Field label={t('projects.field.familyName')}>
            <ValueOrNone value={family ?? ''} />
          </Field>
          {family && (
            <Field label={t('projects.field.familyMembers')} wide>
              {members.length === 0 ? (
                <Muted>{t('projects.field.noFamilyMembers')}</Muted>
              ) : (
                <MemberList>
                  {members.map((member) => (
                    <li key={member.id}>
                      <Link
                        to={hrefTo(
                          'projects',
                          undefined,
                          projectsQuery({ projectId: member.id, estimate: false }),
                        )}
                      >
                        {member.refrenceCode}
                      </Link>{' '}
                      {member.title} ({t(`code.caseType.${member.type}`)} / {t(`region.${member.regionCode}`)}
                      )
                    </li>
                  ))}
                </MemberList>
              )}
            </Field>
          )}
        </Fields>
      }
      edit={(draft, change, errors, idOf) => (
        <Stack>
          <TextField
            id={idOf('family')}
            label={t('projects.field.familyName')}
            helpText={t('projects.field.familyHelp')}
            maxLength={100}
            fullWidth
            value={draft.family}
            error={errors.family ? t(errors.family.key, errors.family.params ?? {}) : undefined}
            onChange={(event) => change({ family: event.target.value })}
          />
          {members.length > 0 && (
            <Checkbox
              label={t('projects.field.renameWholeFamily', { n: members.length })}
              description={t('projects.field.renameWholeFamilyHelp')}
              checked={draft.allOfFamily}
              onChange={(event) => change({ allOfFamily: event.target.checked })}
            />
          )}
        </Stack>
      )}
      validate={(draft) => {
        const result = updateProjectBodySchema.safeParse({ family: draft.family });
        if (!result.success) return { errors: groupErrorsOf(result.error.issues) };
        allOfFamily.current = draft.allOfFamily && members.length > 0;
        return { body: { family: result.data.family ?? null } };
      }}
      save={async (body) => {
        const result = await rename({
          id: detail.id,
          body: { family: body.family ?? null, allOfFamily: allOfFamily.current },
        });
        if ('error' in result) {
          toast.error(t('projects.toast.familySaveFailed'), { detail: failureDetail(result.error, t) });
          return false;
        }
        toast.info(t('projects.toast.familySaved'));
        return true;
      }}
    />
  );
}

/** The matter setting: let the requested office edit the matter info. Saves at once. */
function SettingsGroup({ detail, readOnly }: { detail: ProjectDetail; readOnly: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update, { isLoading }] = useUpdateProjectMutation();
  return (
    <GroupSection id="matter-group-settings" title={t('projects.group.settings')}>
      <Switch
        label={t('projects.field.allowRequestedOfficeEdit')}
        description={t('projects.field.allowRequestedOfficeEditHelp')}
        checked={detail.settings.allowRequestedOfficeEdit}
        disabled={readOnly || isLoading}
        onChange={(checked) => {
          void update({ id: detail.id, body: { settings: { allowRequestedOfficeEdit: checked } } }).then(
            (result) => {
              if ('error' in result) {
                toast.error(t('projects.toast.updateFailed'), { detail: failureDetail(result.error, t) });
              } else toast.info(t('projects.toast.updateSuccess'));
            },
          );
        }}
      />
    </GroupSection>
  );
}

function DeadlinesGroup({ deadlines }: { deadlines: readonly ComputedDeadline[] }) {
  const { t } = useTranslation();
  return (
    <GroupSection id="matter-group-deadlines" title={t('projects.group.deadlines')}>
      {deadlines.length === 0 ? (
        <Muted>{t('projects.deadline.none')}</Muted>
      ) : (
        <Stack $gap="md">
          {deadlines.map((deadline) => (
            <DeadlineHint key={deadline.key} deadline={deadline} showName />
          ))}
        </Stack>
      )}
    </GroupSection>
  );
}

/**
 * The matter info tab: the field groups of the matter's right type, each viewed and edited on its
 * own. Clients edit their matters (deleted ones are read-only). A firm (PATENT user) edits a matter only
 * where the client allowed the requested office to, and never its family or settings.
 */
export function MatterInfo({ detail, isFirm }: { detail: ProjectDetail; isFirm: boolean }) {
  const { t } = useTranslation();
  const save = useSaveProject(detail.id);
  const readOnly = detail.deletedAt !== null || (isFirm && !detail.settings.allowRequestedOfficeEdit);
  const deadlines = useMemo(() => deadlinesOf(detail), [detail]);
  const saveGroup = (body: ProjectPatch) => save(body);
  const common = { detail, deadlines, readOnly, save: saveGroup };
  const fields = fieldsOf(detail.type);
  return (
    <Stack $gap="xl">
      <BasicGroup detail={detail} readOnly={readOnly} save={saveGroup} />
      <DeadlinesGroup deadlines={deadlines} />
      {/* The client side decides on its deadlines (done, let lapse, the second check) as on /terms. */}
      {!isFirm && detail.deletedAt === null && (
        <GroupSection id="matter-group-deadline-states" title={t('projects.group.deadlineStates')}>
          <MatterDeadlines projectId={detail.id} version={detail.updateDate} />
        </GroupSection>
      )}
      {fields.trademark && <TrademarkGroup detail={detail} readOnly={readOnly} save={saveGroup} />}
      <SpecGroup name="application" {...common} />
      <SpecGroup name="registration" {...common} />
      <SpecGroup name="maintenance" {...common} />
      <ApplicantsGroup detail={detail} readOnly={readOnly} save={saveGroup} />
      {fields.international && <SpecGroup name="international" {...common} />}
      <PriorityGroup detail={detail} readOnly={readOnly} save={saveGroup} />
      <FamilyGroup detail={detail} readOnly={readOnly || isFirm} />
      {!isFirm && <SettingsGroup detail={detail} readOnly={readOnly} />}
    </Stack>
  );
}
