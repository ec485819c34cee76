import { useGetUserQuery } from '@ipportal/api-client';
import { AccountIcon, BuildingIcon, MenuButton, SignOutIcon } from '@ipportal/ui';
import type { MenuItem } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { conditionsHold } from '../../routes/access';
import { pathTo } from '../../routes/paths';
import { routeTable } from '../../routes/route-table';
import { selectIsSignedIn, selectUserType, useSignOut } from '../auth';

const SignedInAs = styled.span`
  display: grid;
  color: ${({ theme }) => theme.colors.textMuted};
  & > strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

/**
 * The account menu of a signed-in user, named after them: who is signed in (name, address, user
 * type), the account information, the office profile for offices, and sign-out. The user comes
 * from GET /user, which the sidebar asks for too; until it answers the button reads "Account".
 */
function useAccountMenu() {
  const { t } = useTranslation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const userType = useAppSelector(selectUserType);
  const { data: user } = useGetUserQuery(undefined, { skip: !signedIn });
  const { signOut } = useSignOut();
  const items: MenuItem[] = [
    { id: 'profile', label: t('header.menu.profile'), icon: <AccountIcon />, href: pathTo('profile') },
  ];
  if (conditionsHold(routeTable.partnerFirm.access, { userType, user })) {
    items.push({
      id: 'partner-firm',
      label: t('header.menu.partnerFirm'),
      icon: <BuildingIcon />,
      href: pathTo('partnerFirm'),
    });
  }
  items.push({
    id: 'sign-out',
    label: t('header.menu.signOut'),
    icon: <SignOutIcon />,
    onSelect: () => void signOut(),
    dividerBefore: true,
  });
  const header = (user || userType) && (
    <SignedInAs>
      {user && <strong>{user.name}</strong>}
      {user && <span>{user.email}</span>}
      {userType && <span>{t(`auth.userType.${userType}`)}</span>}
    </SignedInAs>
  );
  return {
    label: user?.name || t('header.menu.account'),
    items,
    header,
  };
}

/** The header's account menu (the header shows it only while signed in). */
export function AccountMenu() {
  const { label, items, header } = useAccountMenu();
  return (
    <MenuButton
      tone="inverse"
      narrowIconOnly
      icon={<AccountIcon />}
      label={label}
      items={items}
      header={header}
    />
  );
}
