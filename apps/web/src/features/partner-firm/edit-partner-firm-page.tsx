import { useGetOwnFirmQuery } from '@ipportal/api-client';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { LoadingText } from '../../shared/loading-text';
import { EditPartnerFirmForm } from './edit-partner-firm-form';
import { partnerFirmTexts } from './partner-firm-texts';

/**
 * /edit-partner-firm: the office profile. What the server requires is what makes a profile
 * complete (isFirmProfileComplete); saving a complete profile lists the office in the clients'
 * directory. A firm user without an office creates it with the first save.
 */
export function EditPartnerFirmPage() {
  useMessages(partnerFirmTexts, domainMessages);
  const { data: firm, isLoading } = useGetOwnFirmQuery();
  if (isLoading) return <LoadingText />;
  return <EditPartnerFirmForm key={firm?.id ?? 'new'} firm={firm ?? null} />;
}
