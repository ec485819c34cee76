import { useId } from 'react';
import styled from 'styled-components';
import type { ReactNode, Ref } from 'react';
import { focusRing } from '../../internal/styles';
import { useControllableState } from '../../internal/use-controllable';

export interface SwitchProps {
  /** Visible label naming the setting. */
  label: ReactNode;
  /** Secondary line under the label. */
  description?: ReactNode;
  /** On/off (controlled). */
  checked?: boolean;
  /** Initial state when uncontrolled. */
  defaultChecked?: boolean;
  /** Called with the new state. */
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
  /** Puts the label after the switch instead of before it. */
  labelPosition?: 'start' | 'end';
  id?: string;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

const Root = styled.div<{ $end: boolean }>`
  display: inline-flex;
  align-items: center;
  flex-direction: ${({ $end }) => ($end ? 'row-reverse' : 'row')};
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.md}px;
`;

const Text = styled.div<{ $disabled: boolean }>`
  display: flex;
  flex-direction: column;
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.textDisabled : theme.colors.text)};
`;

const Description = styled.span`
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Track = styled.button`
  position: relative;
  flex: none;
  width: 44px;
  height: 24px;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.timing.transitionMs}ms;
  ${focusRing}

  &::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.textMuted};
    transition: transform ${({ theme }) => theme.timing.transitionMs}ms;
  }
  &[aria-checked='true'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &[aria-checked='true']::after {
    transform: translateX(20px);
    background: ${({ theme }) => theme.colors.surface};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

/** An on/off setting that applies at once (role="switch"). Space or Enter toggles it. */
export function Switch({
  label,
  description,
  checked,
  defaultChecked = false,
  onChange,
  disabled,
  labelPosition = 'end',
  id: idProp,
  className,
  ref,
}: SwitchProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const [on, setOn] = useControllableState(checked, defaultChecked, onChange);
  return (
    <Root className={className} $end={labelPosition === 'end'}>
      <Text $disabled={Boolean(disabled)}>
        <span id={`${id}-label`}>{label}</span>
        {description && <Description id={`${id}-desc`}>{description}</Description>}
      </Text>
      <Track
        ref={ref}
        id={id}
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-desc` : undefined}
        disabled={disabled}
        onClick={() => setOn(!on)}
      />
    </Root>
  );
}
