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
import { useGuardedForm } from '../../shared/forms/use-guarded-form';

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

interface SettingsValues {
  enabled: boolean;
  /** Longest first, so checking one again is no change. */
  offsets: readonly string[];
  /** In the order offered, for the same reason. */
  kinds: readonly DeadlineListKind[];
  delivery: string;
}

/** A checkbox group stands for its field: focus its first box. */
const focusFirstBox = (id: string) => document.querySelector<HTMLInputElement>(`#${id} input`)?.focus();

function SettingsForm({ scope, saved }: { scope: ReminderScope; saved: ReminderSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update] = useUpdateReminderSettingsMutation();
  const offeredKinds = scopeKinds[scope];
  const inOfferedOrder = (kinds: readonly DeadlineListKind[]) =>
    offeredKinds.filter((kind) => kinds.includes(kind));
  // While the choices differ from what was last saved, leaving the page asks first.
  const form = useGuardedForm<SettingsValues>({
    defaultValues: {
      enabled: saved.enabled,
      offsets: longestFirst(saved.offsets),
      kinds: offeredKinds.length === 1 ? [...offeredKinds] : inOfferedOrder(saved.kinds),
      delivery: saved.delivery,
    },
    ids: `reminders-${scope}`,
    focus: { offsets: focusFirstBox, kinds: focusFirstBox },
    resolver: (values) => ({
      ...(values.offsets.length === 0 ? { offsets: { key: 'validation.selectAtLeastOne' } } : {}),
      ...(values.kinds.length === 0 ? { kinds: { key: 'validation.selectAtLeastOne' } } : {}),
    }),
    onSubmit: save,
  });
  const { enabled, offsets, kinds, delivery } = form.values;
  // The offset being typed is a draft for the Add button, not a setting: it is not saved.
  const [amount, setAmount] = useState('');
  const [unit, setUnit] = useState('D');
  // Offsets once saved or added stay offered while the page is open, so unchecking a custom one
  // only unchecks it (it could not be checked again without typing it anew).
  const [offered, setOffered] = useState<string[]>(saved.offsets);
  const choices = longestFirst([...new Set([...defaultReminderOffsets, ...offered, ...offsets])]);
  const toggle = <T extends string>(list: readonly T[], value: T, on: boolean) =>
    on ? [...new Set([...list, value])] : list.filter((item) => item !== value);
  const offsetsError = form.errorText('offsets');
  const kindsError = form.errorText('kinds');

  async function save(values: SettingsValues) {
    const body = {
      enabled: values.enabled,
      offsets: [...values.offsets],
      kinds: [...values.kinds],
      delivery: values.delivery as ReminderSettings['delivery'],
    };
    try {
      await update({ scope, body }).unwrap();
      form.reset(values);
      toast.info(t('reminders.saved'));
    } catch (failure) {
      toast.error(t('reminders.saveFailed'), { detail: failureReason(failure) });
    }
  }

  function addCustomOffset() {
    const offset = customOffset(amount, unit);
    if (typeof offset !== 'string') {
      const key = offset.refused === 'digits' ? 'reminders.customAmountDigits' : 'validation.invalidValue';
      form.setError('offsets', { key }, { focus: false });
      return;
    }
    form.setValue('offsets', longestFirst(toggle(offsets, offset, true)));
    setOffered(toggle(offered, offset, true));
    setAmount('');
  }

  return (
    <Form
      aria-label={t(scope === 'term' ? 'route.termsNotification' : 'route.pensionNotification')}
      onSubmit={(event) => void form.handleSubmit(event)}
    >
      <Note>{t(scope === 'term' ? 'reminders.termIntro' : 'reminders.pensionIntro')}</Note>
      <Checkbox
        label={t('reminders.enabled')}
        checked={enabled}
        onChange={(event) => form.setValue('enabled', event.target.checked)}
      />
      <fieldset id={form.idOf('offsets')} disabled={!enabled}>
        <legend>{t('reminders.offsets')}</legend>
        {choices.map((offset) => (
          <Checkbox
            key={offset}
            label={offsetLabel(t, offset)}
            checked={offsets.includes(offset)}
            onChange={(event) =>
              form.setValue('offsets', longestFirst(toggle(offsets, offset, event.target.checked)))
            }
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
          <Button type="button" variant="secondary" onClick={addCustomOffset}>
            {t('reminders.add')}
          </Button>
        </Inline>
        {offsetsError && <Note role="alert">{offsetsError}</Note>}
      </fieldset>
      {offeredKinds.length > 1 && (
        <fieldset id={form.idOf('kinds')} disabled={!enabled}>
          <legend>{t('reminders.kinds')}</legend>
          {offeredKinds.map((kind) => (
            <Checkbox
              key={kind}
              label={t(`terms.kind.${kind}`)}
              checked={kinds.includes(kind)}
              onChange={(event) =>
                form.setValue('kinds', inOfferedOrder(toggle(kinds, kind, event.target.checked)))
              }
            />
          ))}
          {kindsError && <Note role="alert">{kindsError}</Note>}
        </fieldset>
      )}
      <RadioGroup
        label={t('reminders.delivery')}
        name={`delivery-${scope}`}
        value={delivery}
        onChange={(value: string) => form.setValue('delivery', value)}
        options={reminderDeliveries.map((value) => ({
          value,
          label: t(`reminders.deliveryOption.${value}`),
        }))}
        disabled={!enabled}
      />
      <Note>{t('reminders.admins')}</Note>
      <div>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('reminders.save')}
        </Button>
      </div>
    </Form>
  );
}
