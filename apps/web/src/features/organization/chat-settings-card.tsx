import { useGetChatSettingsQuery, useUpdateChatSettingsMutation } from '@ipportal/api-client';
import { LoadingText } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { SettingSwitchCard } from './setting-switch-card';

/**
 * The organization's chat setting (administrators): whether the offices see when its members have
 * read their messages ("既読"). It applies at once; individual clients always share.
 */
export function ChatSettingsCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const settings = useGetChatSettingsQuery(organizationId);
  const [update, { isLoading: saving }] = useUpdateChatSettingsMutation();
  return (
    <SettingSwitchCard
      texts={{
        heading: t('organization.chatSettings.heading'),
        label: t('organization.chatSettings.shareReadReceipts'),
        hint: t('organization.chatSettings.shareReadReceiptsHint'),
        savedOn: t('organization.chatSettings.savedOn'),
        savedOff: t('organization.chatSettings.savedOff'),
        saveFailed: t('organization.chatSettings.saveFailed'),
      }}
      checked={settings.data?.shareReadReceipts}
      saving={saving}
      save={(shareReadReceipts) => update({ organizationId, body: { shareReadReceipts } })}
      placeholder={
        settings.isLoading ? (
          <LoadingText>{t('organization.chatSettings.loading')}</LoadingText>
        ) : (
          <p>{t('organization.chatSettings.loadFailed')}</p>
        )
      }
    />
  );
}
