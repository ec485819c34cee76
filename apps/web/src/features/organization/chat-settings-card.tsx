import { useGetChatSettingsQuery, useUpdateChatSettingsMutation } from '@ipportal/api-client';
import { Card, LoadingText, Switch, useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { serverDetail } from './organization-support';

/**
 * The organization's chat setting (administrators): whether the offices see when its members have
 * read their messages ("既読"). It applies at once; individual clients always share.
 */
export function ChatSettingsCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const settings = useGetChatSettingsQuery(organizationId);
  const [update, { isLoading: saving }] = useUpdateChatSettingsMutation();

  const change = async (shareReadReceipts: boolean) => {
    const result = await update({ organizationId, body: { shareReadReceipts } });
    if ('error' in result) {
      toast.error(t('organization.chatSettings.saveFailed'), { detail: serverDetail(result.error) });
      return;
    }
    toast.info(
      shareReadReceipts ? t('organization.chatSettings.savedOn') : t('organization.chatSettings.savedOff'),
    );
  };

  return (
    <Card title={t('organization.chatSettings.heading')} headingLevel={2}>
      {settings.isLoading ? (
        <LoadingText>{t('organization.chatSettings.loading')}</LoadingText>
      ) : settings.data ? (
        <Switch
          label={t('organization.chatSettings.shareReadReceipts')}
          description={t('organization.chatSettings.shareReadReceiptsHint')}
          checked={settings.data.shareReadReceipts}
          disabled={saving}
          onChange={(checked) => void change(checked)}
        />
      ) : (
        <p>{t('organization.chatSettings.loadFailed')}</p>
      )}
    </Card>
  );
}
