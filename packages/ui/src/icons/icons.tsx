import type { SVGProps } from 'react';

/** Props of the built-in icons. Icons are decorative (`aria-hidden`); name the control instead. */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Edge length in px. */
  size?: number;
}

function makeIcon(displayName: string, paths: readonly string[]) {
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

export const CloseIcon = makeIcon('CloseIcon', ['M6 6l12 12', 'M18 6L6 18']);
export const ChevronLeftIcon = makeIcon('ChevronLeftIcon', ['M15 6l-6 6 6 6']);
export const ChevronRightIcon = makeIcon('ChevronRightIcon', ['M9 6l6 6-6 6']);
export const ChevronDownIcon = makeIcon('ChevronDownIcon', ['M6 9l6 6 6-6']);
export const ChevronUpIcon = makeIcon('ChevronUpIcon', ['M6 15l6-6 6 6']);
export const CheckIcon = makeIcon('CheckIcon', ['M5 12.5l4.5 4.5L19 7.5']);
export const MenuIcon = makeIcon('MenuIcon', ['M4 6h16', 'M4 12h16', 'M4 18h16']);
export const CalendarIcon = makeIcon('CalendarIcon', [
  'M5 5h14a1 1 0 011 1v13a1 1 0 01-1 1H5a1 1 0 01-1-1V6a1 1 0 011-1z',
  'M4 10h16',
  'M8 3v4',
  'M16 3v4',
]);
export const UploadIcon = makeIcon('UploadIcon', [
  'M12 16V4',
  'M7 9l5-5 5 5',
  'M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3',
]);
export const FileIcon = makeIcon('FileIcon', [
  'M6 3h8l5 5v12a1 1 0 01-1 1H6a1 1 0 01-1-1V4a1 1 0 011-1z',
  'M14 3v5h5',
]);
export const InfoIcon = makeIcon('InfoIcon', ['M12 21a9 9 0 100-18 9 9 0 000 18z', 'M12 11v5', 'M12 8h.01']);
export const WarningIcon = makeIcon('WarningIcon', ['M12 4l9 16H3L12 4z', 'M12 10v4', 'M12 17h.01']);
export const ErrorIcon = makeIcon('ErrorIcon', [
  'M12 21a9 9 0 100-18 9 9 0 000 18z',
  'M15 9l-6 6',
  'M9 9l6 6',
]);
export const SuccessIcon = makeIcon('SuccessIcon', ['M12 21a9 9 0 100-18 9 9 0 000 18z', 'M8 12.5l3 3 5-6']);
export const AccountIcon = makeIcon('AccountIcon', ['M12 12a4 4 0 100-8 4 4 0 000 8z', 'M4 21a8 8 0 0116 0']);
/** Leaving through a door: sign out. */
export const SignOutIcon = makeIcon('SignOutIcon', ['M10 4H5v16h5', 'M14 8l4 4-4 4', 'M18 12H9']);
export const GlobeIcon = makeIcon('GlobeIcon', [
  'M12 21a9 9 0 100-18 9 9 0 000 18z',
  'M3 12h18',
  'M12 3a14 14 0 010 18',
  'M12 3a14 14 0 000 18',
]);
export const SearchIcon = makeIcon('SearchIcon', ['M11 18a7 7 0 100-14 7 7 0 000 14z', 'M20 20l-4-4']);
export const PlusIcon = makeIcon('PlusIcon', ['M12 5v14', 'M5 12h14']);
export const FolderIcon = makeIcon('FolderIcon', [
  'M3 7a1 1 0 011-1h5l2 2h9a1 1 0 011 1v9a1 1 0 01-1 1H4a1 1 0 01-1-1V7z',
]);
export const InboxIcon = makeIcon('InboxIcon', ['M4 13l2-8h12l2 8', 'M4 13v6h16v-6', 'M4 13h5l1 2h4l1-2h5']);
export const ClockIcon = makeIcon('ClockIcon', ['M12 21a9 9 0 100-18 9 9 0 000 18z', 'M12 7v5l3 2']);
export const ChatIcon = makeIcon('ChatIcon', ['M4 5h16v11H9l-5 4V5z']);
export const TrashIcon = makeIcon('TrashIcon', [
  'M4 7h16',
  'M10 11v6',
  'M14 11v6',
  'M6 7l1 13h10l1-13',
  'M9 7V4h6v3',
]);
export const CopyIcon = makeIcon('CopyIcon', ['M9 9h11v11H9z', 'M5 15H4V4h11v1']);
export const SortIcon = makeIcon('SortIcon', ['M8 10l4-4 4 4', 'M8 14l4 4 4-4']);
export const BuildingIcon = makeIcon('BuildingIcon', [
  'M5 21V4h10v17',
  'M15 9h4v12',
  'M9 8h2',
  'M9 12h2',
  'M9 16h2',
  'M3 21h18',
]);
