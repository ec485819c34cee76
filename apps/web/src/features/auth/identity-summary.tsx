import { Button } from '@ipportal/ui';
import type { UserType } from '@ipportal/domain';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Summary = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md}px;
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  & dl {
    margin: 0;
    display: grid;
    gap: ${({ theme }) => theme.space.xs}px;
    min-width: 0;
  }
  & dl > div {
    display: flex;
    flex-wrap: wrap;
    gap: 0 ${({ theme }) => theme.space.md}px;
  }
  & dt {
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
    color: ${({ theme }) => theme.colors.textMuted};
    min-width: 8em;
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** The email and user type the code is for, with a button to change them. */
export function IdentitySummary({
  email,
  userType,
  onChange,
  disabled,
}: {
  email: string;
  userType: UserType | null;
  onChange: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Summary>
      <dl>
        <div>
          <dt>{t('auth.field.userType')}</dt>
          <dd>{userType ? t(`auth.userType.${userType}`) : ''}</dd>
        </div>
        <div>
          <dt>{t('auth.field.email')}</dt>
          <dd>{email}</dd>
        </div>
      </dl>
      <Button variant="tertiary" size="sm" onClick={onChange} disabled={disabled}>
        {t('auth.summary.change')}
      </Button>
    </Summary>
  );
}
