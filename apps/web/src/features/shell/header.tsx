import styled from 'styled-components';
import { AccountIcon } from '@ipportal/ui';
import { productNameKey } from '@ipportal/domain';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../routes/paths';
import { focusRing } from '../../shared/focus-ring';
import { LanguageSelector } from './language-selector';
import { LogoMark } from './logo-mark';

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg}px;
  height: ${({ theme }) => theme.layout.headerHeight}px;
  padding: 0 ${({ theme }) => theme.space.lg}px;
  background: ${({ theme }) => theme.colors.headerBackground};
  color: ${({ theme }) => theme.colors.headerText};
`;

const Logo = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px;
  width: ${({ theme }) => theme.layout.logoWidth}px;
  flex: none;
  color: inherit;
  text-decoration: none;
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  font-size: ${({ theme }) => theme.typography.fontSize.lg};
  white-space: nowrap;
  ${focusRing}
  &:focus-visible {
    outline-color: ${({ theme }) => theme.colors.headerText};
  }
`;

const Spacer = styled.div`
  flex: 1;
`;

const Account = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
  height: ${({ theme }) => theme.layout.controlHeight.sm}px;
  padding: 0 ${({ theme }) => theme.space.sm}px;
  border-radius: ${({ theme }) => theme.radii.md}px;
  color: inherit;
  text-decoration: none;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  &:hover {
    background: rgba(255, 255, 255, 0.12);
  }
  ${focusRing}
  &:focus-visible {
    outline-color: ${({ theme }) => theme.colors.headerText};
  }
`;

export interface HeaderProps {
  /** The account button shows only to a signed-in user. */
  signedIn: boolean;
}

/** Logo (to /), language selector and account button (to /profile); 60 px high. */
export function Header({ signedIn }: HeaderProps) {
  const { t } = useTranslation();
  const product = t(productNameKey);
  return (
    <Bar>
      <Logo to={pathTo('home')} aria-label={t('header.home', { product })}>
        <LogoMark />
        <span>{product}</span>
      </Logo>
      <Spacer />
      <LanguageSelector />
      {signedIn && (
        <Account to={pathTo('profile')}>
          <AccountIcon size={20} />
          <span>{t('header.account')}</span>
        </Account>
      )}
    </Bar>
  );
}
