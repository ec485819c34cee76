import { apiErrorText, isApiError, useGetUserQuery, useUpdateUserMutation } from '@ipportal/api-client';
import type { Locale, User } from '@ipportal/domain';
import { Button, Card, TextField } from '@ipportal/ui';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthPort } from '../auth';
import { authErrorKey, errorMessagesReady } from '../../shared/forms/auth-errors';
import type { IdentityAttributes } from '../auth';
import { pathTo } from '../../routes/paths';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormPage, FormStack } from '../../shared/forms/form-layout';
import { ButtonLink, FormActions, FormRow } from '../../shared/forms/form-parts';
import { hasFieldErrors } from '../../shared/forms/field-errors';
import type { FieldErrors } from '../../shared/forms/field-errors';
import { RegionField } from '../../shared/forms/region-field';
import { profileAttributesOf, validateProfile } from '../../shared/forms/validation';
import type { ProfileField, ProfileValues } from '../../shared/forms/validation';
import { LoadingText } from '../../shared/loading-text';
import { formatPhoneNumber } from '../../shared/phone';
import { useLocale } from '../../i18n/use-locale';
import { changedFrom, discardChangesState, useUnsavedChanges } from '../../shared/unsaved-changes';
import type { AccountLocationState } from './account-notice';
import { accountTexts } from './account-texts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';

type Field = Exclude<ProfileField, 'email'>;
const fields: readonly Field[] = ['name', 'phone', 'address', 'region'];
const ids: Record<Field | 'email', string> = {
  name: 'edit-profile-name',
  email: 'edit-profile-email',
  phone: 'edit-profile-phone',
  address: 'edit-profile-address',
  region: 'edit-profile-region',
};

function initialValues(
  user: User | undefined,
  attributes: IdentityAttributes | null,
  locale: Locale,
): ProfileValues {
  const phone = user?.phoneNumber ?? attributes?.phone_number ?? '';
  return {
    name: user?.name ?? attributes?.name ?? '',
    address: user?.address ?? attributes?.address ?? '',
    email: user?.email ?? attributes?.email ?? '',
    // As the user wrote it (03-1234-5678), not as it is stored (+81312345678).
    phone: phone && formatPhoneNumber(phone, locale),
    region: user?.regionCode != null ? String(user.regionCode) : (attributes?.['custom:region_code'] ?? ''),
  };
}

/**
 * /edit-profile: name, phone, address and region. Saving changes the identity service's attributes
 * (UpdateUserAttributes) and then the portal's row (PATCH /user), so both say the same.
 */
export function EditProfilePage() {
  useMessages(accountTexts, domainMessages);
  const { t } = useTranslation();
  const [locale] = useLocale();
  const port = useAuthPort();
  const { data: user, error, isLoading } = useGetUserQuery();
  const [attributes, setAttributes] = useState<IdentityAttributes | null | undefined>(undefined);

  useEffect(() => {
    let active = true;
    port.identity.attributes().then(
      (value) => {
        if (active) setAttributes(value);
      },
      () => {
        if (active) setAttributes(null);
      },
    );
    return () => {
      active = false;
    };
  }, [port]);

  if (isLoading || attributes === undefined) return <LoadingText />;
  return (
    <EditProfileForm
      initial={initialValues(user, attributes, locale)}
      loadError={error ? (isApiError(error) ? apiErrorText(error, t) : t('apiError.userFetchFailed')) : null}
    />
  );
}

function EditProfileForm({ initial, loadError }: { initial: ProfileValues; loadError: string | null }) {
  const { t, i18n } = useTranslation();
  const port = useAuthPort();
  const navigate = useNavigate();
  const [updateUser] = useUpdateUserMutation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [saved, setSaved] = useState(false);
  useUnsavedChanges(!saved && changedFrom(initial, values));

  const errorText = (field: Field) => {
    const descriptor = errors[field];
    return descriptor ? t(descriptor.key, descriptor.params) : undefined;
  };
  const setValue = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found = validateProfile(values, fields) as FieldErrors<Field>;
    setErrors(found);
    setFailure(null);
    if (hasFieldErrors(found)) {
      const first = fields.find((field) => found[field]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setSubmitting(true);
    const attributes = profileAttributesOf(values);
    try {
      await port.identity.updateAttributes({
        name: attributes.name,
        address: attributes.address,
        phone_number: attributes.phone_number,
        'custom:region_code': attributes['custom:region_code'],
      });
    } catch (cause) {
      await errorMessagesReady(i18n);
      setFailure(t(authErrorKey(cause)));
      setSubmitting(false);
      return;
    }
    const result = await updateUser({
      name: attributes.name,
      address: attributes.address,
      phoneNumber: attributes.phone_number,
      regionCode: Number(attributes['custom:region_code']),
    });
    if ('error' in result) {
      const cause = result.error;
      setFailure(isApiError(cause) ? apiErrorText(cause, t) : t('apiError.userUpdateFailed'));
      setSubmitting(false);
      return;
    }
    setSaved(true);
    void navigate(pathTo('profile'), { state: { notice: 'profileUpdated' } satisfies AccountLocationState });
  }

  return (
    <FormPage $width={640}>
      <Card>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <FormStack>
            {loadError && <FormAlert>{loadError}</FormAlert>}
            {failure && <FormAlert>{failure}</FormAlert>}
            <TextField
              id={ids.name}
              label={t('account.field.name')}
              required
              fullWidth
              autoComplete="name"
              maxLength={100}
              value={values.name}
              error={errorText('name')}
              onChange={(event) => setValue('name', event.target.value)}
            />
            <FormRow>
              <TextField
                id={ids.email}
                label={t('account.field.email')}
                type="email"
                fullWidth
                disabled
                value={values.email}
                helpText={t('account.editProfile.emailFixed')}
              />
              <TextField
                id={ids.phone}
                label={t('account.field.phone')}
                type="tel"
                autoComplete="tel"
                required
                fullWidth
                value={values.phone}
                error={errorText('phone')}
                helpText={t('phone.hint')}
                onChange={(event) => setValue('phone', event.target.value)}
              />
            </FormRow>
            <TextField
              id={ids.address}
              label={t('account.field.address')}
              required
              fullWidth
              autoComplete="street-address"
              maxLength={256}
              value={values.address}
              error={errorText('address')}
              onChange={(event) => setValue('address', event.target.value)}
            />
            <RegionField
              id={ids.region}
              label={t('account.field.region')}
              placeholder={t('account.field.regionPlaceholder')}
              required
              value={values.region}
              error={errorText('region')}
              onChange={(value) => setValue('region', value)}
            />
            <FormActions>
              <Button type="submit" loading={submitting}>
                {t('account.editProfile.submit')}
              </Button>
              <ButtonLink to={pathTo('profile')} state={discardChangesState}>
                {t('account.cancel')}
              </ButtonLink>
            </FormActions>
          </FormStack>
        </form>
      </Card>
    </FormPage>
  );
}
