import type { SVGProps } from 'react';

// Local stand-ins for icons packages/ui does not have (yet): same 24 px stroke style.
interface Props extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size?: number;
}

function Svg({ size = 20, paths, ...rest }: Props & { paths: readonly string[] }) {
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

export const MailIcon = (props: Props) => <Svg {...props} paths={['M4 6h16v12H4z', 'M4 7l8 6 8-6']} />;
export const HistoryIcon = (props: Props) => (
  <Svg {...props} paths={['M4 12a8 8 0 102.3-5.6', 'M4 4v4h4', 'M12 8v4l3 2']} />
);
export const InvoiceIcon = (props: Props) => (
  <Svg {...props} paths={['M6 3h12v18l-3-2-3 2-3-2-3 2V3z', 'M9 8h6', 'M9 12h6', 'M9 16h3']} />
);
