import { CheckIcon } from '@ipportal/ui';
import { passwordRules } from '@ipportal/domain';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { VisuallyHidden } from '../visually-hidden';

const Root = styled.div`
  margin-top: ${({ theme }) => theme.space.xs}px;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Title = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xxs}px;
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space.xxs}px;
`;

const Item = styled.li<{ $met: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs}px;
  color: ${({ theme, $met }) => ($met ? theme.colors.success : theme.colors.textMuted)};
`;

const Mark = styled.span`
  flex: none;
  display: inline-flex;
  justify-content: center;
  width: 16px;
  margin-top: 0.2em;
`;

const Dot = styled.span`
  width: 6px;
  height: 6px;
  margin-top: 4px;
  border-radius: 50%;
  background: currentColor;
`;

/** The last segment of a rule's key (`validation.password.needsUpper` → `needsUpper`). */
function ruleName(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}

/**
 * Live hints under a new-password field (the page loads `formTexts`): each rule of the domain's password policy, ticked once
 * the typed password meets it.
 */
export function PasswordHints({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <Root id={id}>
      <Title>{t('auth.passwordHints.title')}</Title>
      <List>
        {passwordRules.map((rule) => {
          const met = password.length > 0 && rule.test(password);
          const hintKey = `auth.passwordHints.rule.${ruleName(rule.key)}`;
          return (
            <Item key={rule.key} $met={met}>
              <Mark aria-hidden="true">{met ? <CheckIcon size={16} /> : <Dot />}</Mark>
              <span>
                {t([hintKey, rule.key])}
                <VisuallyHidden>
                  {` (${met ? t('auth.passwordHints.met') : t('auth.passwordHints.notMet')})`}
                </VisuallyHidden>
              </span>
            </Item>
          );
        })}
      </List>
    </Root>
  );
}
