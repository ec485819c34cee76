import styled, { keyframes } from 'styled-components';
import { useTexts } from '../../i18n';
import { VisuallyHidden } from '../../internal/VisuallyHidden';

const spinnerSizes = { sm: 16, md: 24, lg: 40 } as const;

export interface SpinnerProps {
  /** Diameter: sm 16 px, md 24 px, lg 40 px. */
  size?: keyof typeof spinnerSizes;
  /**
   * Text announced to screen readers. Defaults to the built-in "Loading..." text.
   * Pass `null` when the spinner is decorative (its container already says it is busy).
   */
  label?: string | null;
  className?: string;
}

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Root = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  color: inherit;
  line-height: 0;
`;

const Svg = styled.svg`
  animation: ${spin} 0.8s linear infinite;
`;

/** An indeterminate progress indicator. Announces its label as a polite status. */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const texts = useTexts();
  const px = spinnerSizes[size];
  const text = label === undefined ? texts.loading : label;
  const svg = (
    <Svg width={px} height={px} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 00-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </Svg>
  );
  if (text === null) {
    return <Root className={className}>{svg}</Root>;
  }
  return (
    <Root className={className} role="status">
      {svg}
      <VisuallyHidden>{text}</VisuallyHidden>
    </Root>
  );
}
