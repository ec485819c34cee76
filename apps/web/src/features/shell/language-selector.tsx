import styled from 'styled-components';
import { GlobeIcon } from '@ipportal/ui';
import { locales } from '@ipportal/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../i18n/locale';
import { useLocale } from '../../i18n/use-locale';
import { VisuallyHidden } from '../../shared/visually-hidden';

// Local piece: packages/ui's Select has a visible field label and light styling, the header needs
// a compact control on the dark bar.
const Wrap = styled.div`
  position: relative;
  display: inline-flex;
  align-items: center;
  color: ${({ theme }) => theme.colors.headerText};
  & > svg {
    position: absolute;
    left: ${({ theme }) => theme.space.sm}px;
    pointer-events: none;
  }
`;

const Native = styled.select`
  appearance: none;
  height: ${({ theme }) => theme.layout.controlHeight.sm}px;
  padding: 0 ${({ theme }) => theme.space.md}px 0 ${({ theme }) => theme.space.xxl}px;
  border: 1px solid rgba(255, 255, 255, 0.6);
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.headerText};
    outline-offset: 2px;
  }
  & > option {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
  }
`;

/** 日本語 / English: switches at once and is remembered (localStorage `locale`). */
export function LanguageSelector() {
  const { t } = useTranslation();
  const [locale, setLocale] = useLocale();
  const id = useId();
  return (
    <Wrap>
      <VisuallyHidden as="label" htmlFor={id}>
        {t('header.language')}
      </VisuallyHidden>
      <GlobeIcon size={16} />
      <Native
        id={id}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) setLocale(event.target.value);
        }}
      >
        {locales.map((value) => (
          <option key={value} value={value} lang={value}>
            {t(`language.${value}`)}
          </option>
        ))}
      </Native>
    </Wrap>
  );
}
