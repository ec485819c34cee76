import type { CaseType, Firm, OfficeType } from '@ipportal/domain';

/** The profile's fields, in the order the page shows them (the first with an error gets focus). */
export type Field =
  | 'name'
  | 'nameEn'
  | 'officeType'
  | 'regionCode'
  | 'address'
  | 'phoneNumber'
  | 'email'
  | 'website'
  | 'languages'
  | 'caseTypes'
  | 'technicalFields'
  | 'feeNotes';

export const fieldOrder: readonly Field[] = [
  'name',
  'nameEn',
  'officeType',
  'regionCode',
  'address',
  'phoneNumber',
  'email',
  'website',
  'languages',
  'caseTypes',
  'technicalFields',
  'feeNotes',
];

/** The prefix of the fields' element ids (`partner-firm-name`). */
export const idPrefix = 'partner-firm';
export const idOf = (field: Field) => `${idPrefix}-${field}`;

/** The form's values: what the inputs hold, before the domain's schema parses them. */
export interface Values {
  name: string;
  nameEn: string;
  officeType: OfficeType | '';
  regionCode: string;
  address: string;
  phoneNumber: string;
  email: string;
  website: string;
  languages: string[];
  caseTypes: CaseType[];
  technicalFields: string;
  feeNotes: string;
}

/** The form's start: the stored profile, or empty for an office not created yet. */
export function valuesOf(firm: Firm | null | undefined): Values {
  return {
    name: firm?.name ?? '',
    nameEn: firm?.nameEn ?? '',
    officeType: firm?.officeType ?? '',
    regionCode: firm ? String(firm.regionCode) : '',
    address: firm?.address ?? '',
    phoneNumber: firm?.phoneNumber ?? '',
    email: firm?.email ?? '',
    website: firm?.website ?? '',
    languages: firm?.languages ?? [],
    caseTypes: firm?.caseTypes ?? [],
    technicalFields: (firm?.technicalFields ?? []).join('\n'),
    feeNotes: firm?.feeNotes ?? '',
  };
}
