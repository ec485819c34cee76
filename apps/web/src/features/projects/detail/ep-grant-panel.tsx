import { useGetEpGrantQuery, useUpdateEpGrantMutation } from '@ipportal/api-client';
import {
  CaseType,
  epcStates,
  nationalRenewalOffices,
  RegionCode,
  type EpcState,
  type EpGrantRead,
  type ProjectDetail,
} from '@ipportal/domain';
import { Button, Checkbox, useToast } from '@ipportal/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocale } from '../../../i18n/use-locale';
import { failureReason } from '../../../shared/failure-reason';

const Panel = styled.section`
  margin: 0 0 ${({ theme }) => theme.space.lg}px;
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.surface};
  & > h3 {
    margin: 0 0 ${({ theme }) => theme.space.sm}px;
    font-size: ${({ theme }) => theme.typography.fontSize.md};
  }
`;

const States = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.xxs}px ${({ theme }) => theme.space.md}px;
  margin: ${({ theme }) => theme.space.sm}px 0;
  padding: 0;
  border: 0;
  & > legend {
    margin-bottom: ${({ theme }) => theme.space.xs}px;
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space.xs}px 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
`;

const Summary = styled.p`
  margin: 0;
`;

/** A granted European patent's validations and unitary effect; only the client side records them. */
export function EpGrantPanel({ detail }: { detail: ProjectDetail }) {
  if (detail.regionCode !== RegionCode.Europe || detail.type !== CaseType.Patent) return null;
  return <EpGrant projectId={detail.id} deleted={detail.deletedAt !== null} />;
}

/**
 * States' names in the interface language (Intl's region names; Switzerland stands for
 * Switzerland and Liechtenstein), and a list of them as the language writes one.
 */
function useStateNames() {
  const { t } = useTranslation();
  const [locale] = useLocale();
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    // A conjunction list without "and": 「ドイツ、フランス」, "Germany, France" (a narrow unit
    // list runs Japanese names together with no separator at all).
    const list = new Intl.ListFormat([locale], { type: 'conjunction', style: 'narrow' });
    const nameOf = (state: EpcState) =>
      state === 'CH' ? t('projects.epGrant.chLi') : (names.of(state) ?? state);
    return { nameOf, listOf: (states: readonly EpcState[]) => list.format(states.map(nameOf)) };
  }, [locale, t]);
}

function EpGrant({ projectId, deleted }: { projectId: string; deleted: boolean }) {
  const { t } = useTranslation();
  const { data } = useGetEpGrantQuery(projectId);
  if (!data) return null;
  return (
    <Panel aria-labelledby="ep-grant-heading">
      <h3 id="ep-grant-heading">{t('projects.epGrant.heading')}</h3>
      {data.applicable ? (
        <EpGrantForm
          key={`${data.unitaryEffect}:${data.validatedStates.join()}`}
          projectId={projectId}
          saved={data}
          readOnly={deleted}
        />
      ) : (
        <Note>{t('projects.epGrant.notGranted')}</Note>
      )}
    </Panel>
  );
}

function EpGrantForm({
  projectId,
  saved,
  readOnly,
}: {
  projectId: string;
  saved: EpGrantRead;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const { nameOf, listOf } = useStateNames();
  const [unitaryEffect, setUnitaryEffect] = useState(saved.unitaryEffect);
  const [states, setStates] = useState<ReadonlySet<EpcState>>(() => new Set(saved.validatedStates));
  const [update, { isLoading }] = useUpdateEpGrantMutation();
  const sorted = useMemo(() => [...epcStates].sort((a, b) => nameOf(a).localeCompare(nameOf(b))), [nameOf]);
  const dirty =
    unitaryEffect !== saved.unitaryEffect ||
    states.size !== saved.validatedStates.length ||
    saved.validatedStates.some((state) => !states.has(state));

  const toggle = (state: EpcState, on: boolean) =>
    setStates((current) => {
      const next = new Set(current);
      if (on) next.add(state);
      else next.delete(state);
      return next;
    });

  const save = async () => {
    const result = await update({
      projectId,
      body: { unitaryEffect, validatedStates: epcStates.filter((state) => states.has(state)) },
    });
    if ('error' in result) {
      toast.error(t('projects.epGrant.saveFailed'), { detail: failureReason(result.error) });
    } else toast.info(t('projects.epGrant.saved'));
  };

  if (readOnly)
    return (
      <Summary>
        {saved.unitaryEffect && `${t('projects.epGrant.unitaryEffect')} / `}
        {listOf(saved.validatedStates) || t('projects.common.noEntries')}
      </Summary>
    );

  return (
    <>
      <Checkbox
        label={t('projects.epGrant.unitaryEffect')}
        description={t('projects.epGrant.unitaryEffectHelp')}
        checked={unitaryEffect}
        onChange={(event) => setUnitaryEffect(event.target.checked)}
      />
      <States>
        <legend>{t('projects.epGrant.states')}</legend>
        {sorted.map((state) => (
          <Checkbox
            key={state}
            label={t('projects.epGrant.stateOption', {
              name: nameOf(state),
              code: state === 'CH' ? t('projects.epGrant.chLiCode') : state,
            })}
            checked={states.has(state)}
            onChange={(event) => toggle(state, event.target.checked)}
          />
        ))}
      </States>
      <Note>
        {t('projects.epGrant.feesHeld', {
          states: listOf(nationalRenewalOffices),
        })}
      </Note>
      <Button size="sm" disabled={!dirty || isLoading} onClick={() => void save()}>
        {t('projects.epGrant.save')}
      </Button>
    </>
  );
}
