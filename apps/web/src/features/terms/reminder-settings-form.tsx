import { useGetReminderSettingsQuery, useUpdateReminderSettingsMutation } from '@ipportal/api-client';
import {
  deadlineKinds,
  defaultReminderOffsets,
  offsetDays,
  reminderDeliveries,
  type DeadlineListKind,
  type ReminderScope,
  type ReminderSettings,
} from '@ipportal/domain';
import { Button, Checkbox, LoadingText, RadioGroup, Select, TextField, useToast } from '@ipportal/ui';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { failureReason } from '../../shared/failure-reason';
import { wholeNumberField } from '../../shared/forms/numbers';
import { changedFrom, useUnsavedChanges } from '../../shared/unsaved-changes';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg}px;
  max-width: 720px;
  & fieldset {
    display: grid;
    gap: ${({ theme }) => theme.space.xs}px;
    margin: 0;
    padding: ${({ theme }) => theme.space.md}px;
    border: 1px solid ${({ theme }) => theme.colors.divider};
    border-radius: ${({ theme }) => theme.radii.md}px;
  }
  & legend {
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  }
`;

const Inline = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm}px;
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
`;

/** `P10D` as "10 days before" ("1 day before") in the interface language; the six defaults have their own names. */
export function offsetLabel(t: TFunction, offset: string): string {
  if ((defaultReminderOffsets as readonly string[]).includes(offset)) return t(`reminders.offset.${offset}`);
  const match = /^P(\d+)([DWM])$/.exec(offset);
  return match ? t(`reminders.customOffsetLabel.${match[2]}`, { count: Number(match[1]) }) : offset;
}

/**
 * The kinds of deadline each scope's reminders cover: the API puts every payment (annuities,
 * renewals) in 'pension' and every other deadline in 'term', so a kind outside the scope would
 * never match. A scope with one kind does not offer the choice.
 */
const scopeKinds: Record<ReminderScope, readonly DeadlineListKind[]> = {
  term: deadlineKinds.filter((kind) => kind !== 'payment'),
  pension: ['payment'],
};

const longestFirst = (offsets: readonly string[]) =>
  [...offsets].sort((a, b) => offsetDays(b) - offsetDays(a));

/**
 * The offset a number and unit typed in make (`10` or `１０`, `D` is `P10D`), or why not: the
 * number is not a whole number (`digits`), or it has more than three digits or the offset is over
 * two years (`range`, the API's bounds). Zero of any unit is the day itself (`P0D`), not a second
 * reminder on that day.
 */
function customOffset(amount: string, unit: string): string | { refused: 'digits' | 'range' } {
  if (amount.trim() === '') return { refused: 'range' };
  const n = wholeNumberField(amount);
  if (n === null) return { refused: 'digits' };
  if (n < 0 || n > 999) return { refused: 'range' };
  const offset = n === 0 ? 'P0D' : `P${n}${unit}`;
  return offsetDays(offset) <= 731 ? offset : { refused: 'range' };
}

/** The reminder settings of one scope ('term' deadlines or 'pension' annuities) for the signed-in user. */
export function ReminderSettingsForm({ scope }: { scope: ReminderScope }) {
  const { data, isLoading } = useGetReminderSettingsQuery(scope);
  if (isLoading || !data) return <LoadingText />;
  return <SettingsForm key={JSON.stringify(data)} scope={scope} saved={data} />;
}

interface Held {
  enabled: boolean;
  offsets: readonly string[];
  kinds: readonly DeadlineListKind[];
  delivery: string;
}

function SettingsForm({ scope, saved }: { scope: ReminderScope; saved: ReminderSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update, { isLoading: saving }] = useUpdateReminderSettingsMutation();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [offsets, setOffsets] = useState<string[]>(saved.offsets);
  const offeredKinds = scopeKinds[scope];
  const [kinds, setKinds] = useState<DeadlineListKind[]>(
    offeredKinds.length === 1 ? [...offeredKinds] : saved.kinds.filter((kind) => offeredKinds.includes(kind)),
  );
  const [delivery, setDelivery] = useState<string>(saved.delivery);
  // The choices in one order, to tell whether they differ from what was last saved: while they do,
  // leaving the page asks first.
  const held = (values: Held) => ({
    enabled: values.enabled,
    offsets: longestFirst(values.offsets),
    kinds: offeredKinds.filter((kind) => values.kinds.includes(kind)),
    delivery: values.delivery,
  });
  const [lastSaved, setLastSaved] = useState(() => held({ enabled, offsets, kinds, delivery }));
  useUnsavedChanges(changedFrom(lastSaved, held({ enabled, offsets, kinds, delivery })));
  const [amount, setAmount] = useState('');
  const [unit, setUnit] = useState('D');
  const [error, setError] = useState<string | undefined>();
  // Offsets once saved or added stay offered while the page is open, so unchecking a custom one
  // only unchecks it (it could not be checked again without typing it anew).
  const [offered, setOffered] = useState<string[]>(saved.offsets);
  const choices = longestFirst([...new Set([...defaultReminderOffsets, ...offered, ...offsets])]);
  const toggle = <T extends string>(list: T[], value: T, on: boolean) =>
    on ? [...new Set([...list, value])] : list.filter((item) => item !== value);

  return (
    <Form
      aria-label={t(scope === 'term' ? 'route.termsNotification' : 'route.pensionNotification')}
      onSubmit={(event) => {
        event.preventDefault();
        if (offsets.length === 0 || kinds.length === 0) {
          setError(t('validation.selectAtLeastOne'));
          return;
        }
        const body = {
          enabled,
          offsets: longestFirst(offsets),
          kinds,
          delivery: delivery as ReminderSettings['delivery'],
        };
        void update({ scope, body })
          .unwrap()
          .then(
            () => {
              setLastSaved(held(body));
              toast.info(t('reminders.saved'));
            },
            (failure: unknown) => toast.error(t('reminders.saveFailed'), { detail: failureReason(failure) }),
          );
      }}
    >
      <Note>{t(scope === 'term' ? 'reminders.termIntro' : 'reminders.pensionIntro')}</Note>
      <Checkbox
        label={t('reminders.enabled')}
        checked={enabled}
        onChange={(event) => setEnabled(event.target.checked)}
      />
      <fieldset disabled={!enabled}>
        <legend>{t('reminders.offsets')}</legend>
        {choices.map((offset) => (
          <Checkbox
            key={offset}
            label={offsetLabel(t, offset)}
            checked={offsets.includes(offset)}
            onChange={(event) => {
              setOffsets(toggle(offsets, offset, event.target.checked));
              setError(undefined);
            }}
          />
        ))}
        <Inline>
          <TextField
            label={t('reminders.customAmount')}
            inputMode="numeric"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <Select
            label={t('reminders.customUnit')}
            placeholder={null}
            value={unit}
            options={['D', 'W', 'M'].map((value) => ({ value, label: t(`reminders.unit.${value}`) }))}
            onChange={(event) => setUnit(event.target.value)}
          />
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              const offset = customOffset(amount, unit);
              if (typeof offset !== 'string') {
                setError(
                  t(offset.refused === 'digits' ? 'reminders.customAmountDigits' : 'validation.invalidValue'),
                );
                return;
              }
              setOffsets(toggle(offsets, offset, true));
              setOffered(toggle(offered, offset, true));
              setAmount('');
              setError(undefined);
            }}
          >
            {t('reminders.add')}
          </Button>
        </Inline>
        {error && <Note role="alert">{error}</Note>}
      </fieldset>
      {offeredKinds.length > 1 && (
        <fieldset disabled={!enabled}>
          <legend>{t('reminders.kinds')}</legend>
          {offeredKinds.map((kind) => (
            <Checkbox
              key={kind}
              label={t(`terms.kind.${kind}`)}
              checked={kinds.includes(kind)}
              onChange={(event) => {
                setKinds(toggle(kinds, kind, event.target.checked));
                setError(undefined);
              }}
            />
          ))}
        </fieldset>
      )}
      <RadioGroup
        label={t('reminders.delivery')}
        name={`delivery-${scope}`}
        value={delivery}
        onChange={(value: string) => setDelivery(value)}
        options={reminderDeliveries.map((value) => ({
          value,
          label: t(`reminders.deliveryOption.${value}`),
        }))}
        disabled={!enabled}
      />
      <Note>{t('reminders.admins')}</Note>
      <div>
        <Button type="submit" loading={saving}>
          {t('reminders.save')}
        </Button>
      </div>
    </Form>
  );
}
