/**
 * The EPC contracting states a granted European patent can be validated in, by ISO 3166 code.
 * Switzerland and Liechtenstein are one territory for European patents (a joint renewal fee paid
 * to the IPI), so `CH` stands for both. Montenegro acceded on 2022-10-01.
 */
export const epcStates = [
  'AL',
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LT',
  'LU',
  'LV',
  'MC',
  'ME',
  'MK',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'RS',
  'SE',
  'SI',
  'SK',
  'SM',
  'TR',
] as const;
export type EpcState = (typeof epcStates)[number];

/**
 * The EU member states where a European patent with unitary effect registered since
 * 2024-09-01 has effect ("18 Member States currently covered by Unitary Patent",
 * https://www.epo.org/en/applying/european/unitary/unitary-patent/cost). There the unitary
 * effect replaces national validation, so a matter cannot record both.
 */
export const unitaryPatentStates: readonly EpcState[] = [
  'AT',
  'BE',
  'BG',
  'DE',
  'DK',
  'EE',
  'FI',
  'FR',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'RO',
  'SE',
  'SI',
];

/** Where a granted European patent took effect: validated states, and whether unitary effect was registered. */
export interface EpGrant {
  unitaryEffect: boolean;
  validatedStates: readonly EpcState[];
}
