import { useGetBillingProfileQuery, useUpdateBillingProfileMutation } from '@ipportal/api-client';
import { describeIssue, qualifiedInvoiceNumberSchema } from '@ipportal/domain';
import type { BillingProfile } from '@ipportal/domain';
import { Button, Card, LoadingText, RadioGroup, TextArea, TextField, useToast } from '@ipportal/ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { FormActions } from '../../shared/forms/form-parts';
import { useForm } from '../../shared/forms/use-form';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { billingOfficeTexts } from './billing-office-texts';
import { useFieldErrors } from './use-field-errors';

const formId = 'billing-profile';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg}px;
  max-width: 760px;
  & > p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: ${({ theme }) => theme.typography.lineHeight.normal};
  }
`;

/** The registration number as typed, checked with the domain's schema (the server checks the same). */
export function registrationNumberError(value: string, t: TFunction): string | undefined {
  const result = qualifiedInvoiceNumberSchema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  if (!issue) return undefined;
  const described = describeIssue(issue);
  return t(described.key, described.params ?? {});
}

interface ProfileValues {
  qualifiedInvoiceNumber: string;
  individual: boolean;
  bankAccount: string;
  invoiceNotes: string;
}

function BillingProfileForm({ profile }: { profile: BillingProfile }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update, { isLoading }] = useUpdateBillingProfileMutation();
  const form = useForm<ProfileValues>({
    defaultValues: {
      qualifiedInvoiceNumber: profile.qualifiedInvoiceNumber ?? '',
      individual: profile.individual,
      bankAccount: profile.bankAccount ?? '',
      invoiceNotes: profile.invoiceNotes ?? '',
    },
    ids: formId,
    resolver: ({ qualifiedInvoiceNumber }) => ({
      qualifiedInvoiceNumber: registrationNumberError(qualifiedInvoiceNumber, t),
    }),
    onSubmit: submit,
  });
  const { qualifiedInvoiceNumber: number, individual } = form.values;
  const { report } = useFieldErrors(form);

  async function submit({ qualifiedInvoiceNumber, individual, bankAccount, invoiceNotes }: ProfileValues) {
    const result = await update({
      qualifiedInvoiceNumber,
      individual,
      bankAccount: bankAccount.trim() === '' ? null : bankAccount,
      invoiceNotes: invoiceNotes.trim() === '' ? null : invoiceNotes,
    });
    if ('error' in result) {
      report(result.error, 'billingOffice.profile.saveFailed');
      return;
    }
    form.reset({ ...form.values, qualifiedInvoiceNumber: result.data.qualifiedInvoiceNumber ?? '' });
    toast.info(t('billingOffice.profile.saved'));
  }

  return (
    <Form id={formId} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
      <p>{t('billingOffice.profile.intro')}</p>
      <TextField
        label={t('billingOffice.profile.number')}
        helpText={t('billingOffice.profile.numberHelp')}
        {...form.field('qualifiedInvoiceNumber')}
        maxLength={20}
        autoComplete="off"
        onBlur={() => {
          const error = registrationNumberError(number, t);
          if (error) form.setError('qualifiedInvoiceNumber', error, { focus: false });
        }}
      />
      <RadioGroup
        label={t('billingOffice.profile.issuer')}
        name={`${formId}-individual`}
        value={individual ? 'individual' : 'corporation'}
        onChange={(value) => form.setValue('individual', value === 'individual')}
        options={[
          {
            value: 'corporation',
            label: t('billingOffice.profile.corporation'),
            description: t('billingOffice.profile.corporationHelp'),
          },
          {
            value: 'individual',
            label: t('billingOffice.profile.individual'),
            description: t('billingOffice.profile.individualHelp'),
          },
        ]}
        error={form.errorText('individual')}
      />
      <TextArea
        label={t('billingOffice.profile.bankAccount')}
        helpText={t('billingOffice.profile.bankAccountHelp')}
        rows={3}
        {...form.field('bankAccount')}
        maxLength={500}
      />
      <TextArea
        label={t('billingOffice.profile.invoiceNotes')}
        helpText={t('billingOffice.profile.invoiceNotesHelp')}
        rows={3}
        {...form.field('invoiceNotes')}
        maxLength={1000}
      />
      <FormActions>
        <Button type="submit" loading={isLoading}>
          {t('billingOffice.profile.save')}
        </Button>
      </FormActions>
    </Form>
  );
}

/** /invoice/firm/billing-profile: what every invoice the office issues prints and computes with. */
export function BillingProfilePage() {
  useMessages(billingOfficeTexts, domainMessages);
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useGetBillingProfileQuery();
  if (isLoading) return <LoadingText block>{t('billingOffice.common.loading')}</LoadingText>;
  if (isError || !data)
    return (
      <Card>
        <p role="alert">{t('billingOffice.profile.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          {t('billingOffice.common.retry')}
        </Button>
      </Card>
    );
  return (
    <Card>
      <BillingProfileForm profile={data} />
    </Card>
  );
}
