import styled from 'styled-components';
import type { ReactNode } from 'react';
import { uiLocales, useTexts } from '../../i18n';
import type { UiLocale } from '../../i18n';
import { AccountIcon } from '../../icons';
import { useRenderLink } from '../../internal/link';
import type { RenderLink } from '../../internal/link';
import { visuallyHidden } from '../../internal/styles';

export interface AppHeaderProps {
  /** Content of the 140 px logo slot (an `<img>` with alt text, or an SVG with a title). */
  logo: ReactNode;
  /** Where the logo links to; defaults to "/". */
  logoHref?: string;
  /** Accessible name of the logo link when the logo itself has no text (e.g. the product name). */
  logoLabel?: string;
  /** Current interface language. */
  locale: UiLocale;
  /** Called when the user picks another language in the selector (日本語 / English). */
  onLocaleChange: (locale: UiLocale) => void;
  /** Text of the account button (e.g. the user's name); defaults to the built-in "Account". */
  accountLabel?: ReactNode;
  /** Where the account button leads; defaults to "/profile". */
  accountHref?: string;
  /**
   * Replaces the account button, e.g. with an account menu (a `MenuButton` with `tone="inverse"`
   * and `narrowIconOnly`).
   * A slot rather than the menu's entries, so an app may load its menu only once signed in.
   */
  account?: ReactNode;
  /** Shows the account button (or `account`); defaults to true (false while nobody is signed in). */
  showAccount?: boolean;
  /** Breadcrumb shown in the 100 px extension (usually a `Breadcrumb`). */
  breadcrumb?: ReactNode;
  /** Page title shown in the extension as the page's h1. Empty for none. */
  title?: ReactNode;
  /** Shows the 100 px extension with breadcrumb and title. Defaults to true. */
  showExtension?: boolean;
  /** Extra controls placed before the language selector (e.g. notifications). */
  actions?: ReactNode;
  /** Link renderer (e.g. react-router's Link); defaults to the one from `UiProvider`. */
  renderLink?: RenderLink;
  className?: string;
}

const Root = styled.header`
  position: relative;
  z-index: ${({ theme }) => theme.zIndex.header};
`;

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg}px;
  height: ${({ theme }) => theme.layout.headerHeight}px;
  padding: 0 ${({ theme }) => theme.space.lg}px;
  background: ${({ theme }) => theme.colors.headerBackground};
  color: ${({ theme }) => theme.colors.headerText};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm - 1}px) {
    gap: ${({ theme }) => theme.space.sm}px;
    padding: 0 ${({ theme }) => theme.space.md}px;
  }
`;

const LogoSlot = styled.span`
  display: flex;
  align-items: center;
  flex: none;
  width: ${({ theme }) => theme.layout.logoWidth}px;
  height: 100%;
  & > a {
    display: flex;
    align-items: center;
    width: 100%;
    height: 100%;
    color: inherit;
    text-decoration: none;
    border-radius: ${({ theme }) => theme.radii.sm}px;
  }
  & > a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.headerText};
    outline-offset: -4px;
  }
  & img,
  & svg {
    display: block;
    max-width: 100%;
    max-height: ${({ theme }) => theme.layout.headerHeight - theme.space.lg}px;
  }
`;

const Spacer = styled.div`
  flex: 1;
`;

const LanguageGroup = styled.div`
  display: inline-flex;
  flex: none;
  border: 1px solid ${({ theme }) => theme.colors.headerText};
  border-radius: ${({ theme }) => theme.radii.md}px;
  overflow: hidden;
`;

const LanguageButton = styled.button`
  min-height: ${({ theme }) => theme.layout.controlHeight.sm}px;
  padding: 0 ${({ theme }) => theme.space.md}px;
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.headerText};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.headerText};
    color: ${({ theme }) => theme.colors.headerBackground};
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -4px;
    box-shadow: inset 0 0 0 2px ${({ theme }) => theme.colors.headerText};
  }
`;

const AccountSlot = styled.span`
  & > a {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm}px;
    min-height: ${({ theme }) => theme.layout.controlHeight.md}px;
    padding: 0 ${({ theme }) => theme.space.md}px;
    border-radius: ${({ theme }) => theme.radii.md}px;
    color: ${({ theme }) => theme.colors.headerText};
    text-decoration: none;
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    white-space: nowrap;
  }
  & > a:hover {
    background: ${({ theme }) => theme.colors.inverseHover};
  }
  & > a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.headerText};
    outline-offset: -2px;
  }
  /* On a phone the bar holds the logo, the language selector and the icon: the text stays the name. */
  @media (max-width: ${({ theme }) => theme.breakpoints.sm - 1}px) {
    & > a > span {
      ${visuallyHidden}
    }
  }
`;

const Extension = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs}px;
  height: ${({ theme }) => theme.layout.headerExtensionHeight}px;
  padding: 0 ${({ theme }) => theme.space.xl}px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  overflow: hidden;
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSize.xl};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  line-height: ${({ theme }) => theme.typography.lineHeight.tight};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/**
 * The application header: a 60 px bar with the 140 px logo slot (linking to "/"), the language
 * selector (日本語 / English) and the account button (to "/profile", or what `account` puts in its
 * place, e.g. an account menu), and a 100 px extension with the breadcrumb and the page title.
 */
export function AppHeader({
  logo,
  logoHref = '/',
  logoLabel,
  locale,
  onLocaleChange,
  accountLabel,
  accountHref = '/profile',
  account,
  showAccount = true,
  breadcrumb,
  title,
  showExtension = true,
  actions,
  renderLink,
  className,
}: AppHeaderProps) {
  const texts = useTexts();
  const link = useRenderLink(renderLink);
  return (
    <Root className={className}>
      <Bar>
        <LogoSlot>{link({ href: logoHref, children: logo, 'aria-label': logoLabel })}</LogoSlot>
        <Spacer />
        {actions}
        <LanguageGroup role="group" aria-label={texts.language}>
          {uiLocales.map((option) => (
            <LanguageButton
              key={option}
              type="button"
              lang={option}
              aria-pressed={option === locale}
              onClick={() => {
                if (option !== locale) onLocaleChange(option);
              }}
            >
              {texts.languageNames[option]}
            </LanguageButton>
          ))}
        </LanguageGroup>
        {showAccount &&
          (account ?? (
            <AccountSlot>
              {link({
                href: accountHref,
                children: (
                  <>
                    <AccountIcon />
                    <span>{accountLabel ?? texts.account}</span>
                  </>
                ),
              })}
            </AccountSlot>
          ))}
      </Bar>
      {showExtension && (
        <Extension>
          {breadcrumb}
          {title !== undefined && title !== null && title !== '' && <Title>{title}</Title>}
        </Extension>
      )}
    </Root>
  );
}
