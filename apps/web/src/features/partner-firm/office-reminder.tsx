import { useGetOwnFirmQuery } from '@ipportal/api-client';
import { useToast } from '@ipportal/ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import { partnerFirmTexts } from './partner-firm-texts';
import { pathTo } from '../../routes/paths';
import { focusRing } from '../../shared/focus-ring';
import { useMessages } from '../../shared/lazy-messages';

// A button styled as a link: the toast sits outside the router, so it cannot hold a <Link>.
const ActionLink = styled.button`
  padding: 0;
  border: none;
  background: none;
  font: inherit;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  ${focusRing}
`;

/**
 * Mounted while a PATENT user is signed in (src/app/app-root.tsx): once per sign-in (and per page
 * load with a kept session), when the user's office has no complete profile (or no office at all),
 * the toast 'Please register your office information' with a link to /edit-partner-firm. The toast
 * goes away once the profile is complete. Not shown on /edit-partner-firm itself.
 */
export function OfficeReminder() {
  useMessages(partnerFirmTexts);
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: firm, isSuccess } = useGetOwnFirmQuery();
  const shown = useRef<string | null>(null);
  const decided = useRef(false);
  const complete = isSuccess && firm?.complete === true;
  const onEditPage = pathname === pathTo('editPartnerFirm');

  useEffect(() => {
    if (!isSuccess || decided.current) return;
    if (onEditPage && !complete) return;
    decided.current = true;
    if (complete) return;
    const id: string = toast.warn(t('partnerFirm.reminder.message'), {
      timeout: -1,
      detail: (
        <ActionLink
          type="button"
          onClick={() => {
            toast.dismiss(id);
            void navigate(pathTo('editPartnerFirm'));
          }}
        >
          {t('partnerFirm.reminder.action')}
        </ActionLink>
      ),
    });
    shown.current = id;
  }, [isSuccess, complete, onEditPage, toast, t, navigate]);

  useEffect(() => {
    if (complete && shown.current) {
      toast.dismiss(shown.current);
      shown.current = null;
    }
  }, [complete, toast]);

  return null;
}
