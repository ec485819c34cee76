import { useSetTwoFactorRequirementMutation } from '@ipportal/api-client';
import type { Organization } from '@ipportal/domain';
import { Card, Switch, useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { serverDetail } from './organization-support';

/**
 * The organization's security setting (administrators): two-factor sign-in required of every
 * member. The server refuses it to an administrator who has not set it up (they would be shut
 * out at once) and says so in the failure toast.
 */
export function TwoFactorRequirementCard({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update, { isLoading: saving }] = useSetTwoFactorRequirementMutation();

  const change = async (required: boolean) => {
    const result = await update({ organizationId: organization.id, body: { required } });
    if ('error' in result) {
      toast.error(t('organization.twoFactorSetting.saveFailed'), { detail: serverDetail(result.error) });
      return;
    }
    toast.info(
      required ? t('organization.twoFactorSetting.savedOn') : t('organization.twoFactorSetting.savedOff'),
    );
  };

  return (
    <Card title={t('organization.twoFactorSetting.heading')} headingLevel={2}>
      <Switch
        label={t('organization.twoFactorSetting.require')}
        description={t('organization.twoFactorSetting.requireHint')}
        checked={organization.requireTwoFactor}
        disabled={saving}
        onChange={(checked) => void change(checked)}
      />
    </Card>
  );
}
