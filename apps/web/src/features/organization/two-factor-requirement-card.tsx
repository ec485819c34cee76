import { useSetTwoFactorRequirementMutation } from '@ipportal/api-client';
import type { Organization } from '@ipportal/domain';
import { useTranslation } from 'react-i18next';
import { SettingSwitchCard } from './setting-switch-card';

/**
 * The organization's security setting (administrators): two-factor sign-in required of every
 * member. The server refuses it to an administrator who has not set it up (they would be shut
 * out at once) and says so in the failure toast.
 */
export function TwoFactorRequirementCard({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const [update, { isLoading: saving }] = useSetTwoFactorRequirementMutation();
  return (
    <SettingSwitchCard
      texts={{
        heading: t('organization.twoFactorSetting.heading'),
        label: t('organization.twoFactorSetting.require'),
        hint: t('organization.twoFactorSetting.requireHint'),
        savedOn: t('organization.twoFactorSetting.savedOn'),
        savedOff: t('organization.twoFactorSetting.savedOff'),
        saveFailed: t('organization.twoFactorSetting.saveFailed'),
      }}
      checked={organization.requireTwoFactor}
      saving={saving}
      save={(required) => update({ organizationId: organization.id, body: { required } })}
    />
  );
}
