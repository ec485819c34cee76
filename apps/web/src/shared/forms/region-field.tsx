import { Combobox } from '@ipportal/ui';
import { sortedRegions } from '@ipportal/domain';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useLocale } from '../../i18n/use-locale';

export interface RegionFieldProps {
  id: string;
  label: ReactNode;
  /** The region code as a string (the identity attribute `custom:region_code`), or '' for none. */
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  required?: boolean;
  helpText?: ReactNode;
  placeholder?: string;
}

/**
 * A searchable region picker: the priority offices first, then every region by its name in the
 * interface language; the other language's name and the ISO code also match.
 */
export function RegionField({
  id,
  label,
  value,
  onChange,
  error,
  required,
  helpText,
  placeholder,
}: RegionFieldProps) {
  const [locale] = useLocale();
  const options = useMemo(
    () =>
      sortedRegions(locale).map((region) => ({
        value: String(region.code),
        label: locale === 'ja' ? region.nameJa : region.nameEn,
        keywords: [
          locale === 'ja' ? region.nameEn : region.nameJa,
          ...(region.alpha2 ? [region.alpha2] : []),
        ],
      })),
    [locale],
  );
  return (
    <Combobox
      id={id}
      label={label}
      options={options}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      required={required}
      helpText={helpText}
      {...(placeholder ? { placeholder } : {})}
      clearable
      fullWidth
    />
  );
}
