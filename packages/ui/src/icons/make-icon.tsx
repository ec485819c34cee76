import type { SVGProps } from 'react';

/** Props of the built-in icons. Icons are decorative (`aria-hidden`); name the control instead. */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Edge length in px. */
  size?: number;
}

export function makeIcon(displayName: string, paths: readonly string[]) {
  function Icon({ size = 20, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}
