import { apiErrorText, isApiError, useGetUserQuery, useUpdateUserMutation } from '@ipportal/api-client';
import type { Locale, User } from '@ipportal/domain';
import { Button, Card, TextField } from '@ipportal/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthPort } from '../auth';
import { authErrorKey, errorMessagesReady } from '../../shared/forms/auth-errors';
import type { IdentityAttributes } from '../auth';
import { pathTo } from '../../routes/paths';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormPage, FormStack } from '../../shared/forms/form-layout';
import { ButtonLink, FormActions, FormRow } from '../../shared/forms/form-parts';
import { RegionField } from '../../shared/forms/region-field';
import { useGuardedForm } from '../../shared/forms/use-guarded-form';
import { profileAttributesOf, validateProfile } from '../../shared/forms/validation';
import type { ProfileField, ProfileValues } from '../../shared/forms/validation';
import { LoadingText } from '../../shared/loading-text';
import { formatPhoneNumber } from '../../shared/phone';
import { useLocale } from '../../i18n/use-locale';
import { discardChangesState } from '../../shared/unsaved-changes';
import type { AccountLocationState } from './account-notice';
import { accountTexts } from './account-texts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';

/** The fields checked and saved, in page order (the email address is the user name: fixed). */
const fields: readonly ProfileField[] = ['name', 'phone', 'address', 'region'];
const ids: Record<ProfileField, string> = {
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
  const [failure, setFailure] = useState<string | null>(null);
  // Saved, the form stays busy while the profile page loads.
  const [saved, setSaved] = useState(false);
  const form = useGuardedForm<ProfileValues>({
    defaultValues: initial,
    ids,
    fieldOrder: fields,
    resolver: (values) => {
      setFailure(null);
      return validateProfile(values, fields);
    },
    onSubmit: save,
  });

  async function save(values: ProfileValues) {
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
      return;
    }
    setSaved(true);
    form.reset();
    void navigate(pathTo('profile'), { state: { notice: 'profileUpdated' } satisfies AccountLocationState });
  }

  return (
    <FormPage $width={640}>
      <Card>
        <form noValidate onSubmit={(event) => void form.handleSubmit(event)}>
          <FormStack>
            {loadError && <FormAlert>{loadError}</FormAlert>}
            {failure && <FormAlert>{failure}</FormAlert>}
            <TextField
              label={t('account.field.name')}
              required
              fullWidth
              autoComplete="name"
              maxLength={100}
              {...form.field('name')}
            />
            <FormRow>
              <TextField
                id={ids.email}
                label={t('account.field.email')}
                type="email"
                fullWidth
                disabled
                value={form.values.email}
                helpText={t('account.editProfile.emailFixed')}
              />
              <TextField
                label={t('account.field.phone')}
                type="tel"
                autoComplete="tel"
                required
                fullWidth
                {...form.field('phone')}
                helpText={t('phone.hint')}
              />
            </FormRow>
            <TextField
              label={t('account.field.address')}
              required
              fullWidth
              autoComplete="street-address"
              maxLength={256}
              {...form.field('address')}
            />
            <RegionField
              label={t('account.field.region')}
              placeholder={t('account.field.regionPlaceholder')}
              required
              {...form.field('region')}
            />
            <FormActions>
              <Button type="submit" loading={form.formState.isSubmitting || saved}>
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
