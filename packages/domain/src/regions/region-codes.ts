/**
 * Numeric region codes used across the portal (stored on matters, requests, users and firms).
 * Codes 1-200 are countries mapped to ISO 3166-1 alpha-2; 201 Europe (EPO/EUIPO), 202 PCT, 999 Other.
 *
 * The numbers are stored data: never renumber or reuse one. The offices our users file at most
 * come first (Japan, United States, China, Korea, ...) so pickers can show them at the top;
 * the rest follow in alpha-2 order. Country names are not typed here: they come from the
 * CLDR-based i18n-iso-countries package (see regions.ts).
 */
export const countryRegionCodes: readonly (readonly [code: number, alpha2: string])[] = [
  [1, 'JP'], [2, 'US'], [3, 'CN'], [4, 'KR'], [5, 'TW'], [6, 'DE'], [7, 'GB'], [8, 'FR'], [9, 'IT'], [10, 'ES'],
  [11, 'NL'], [12, 'CH'], [13, 'SE'], [14, 'IN'], [15, 'CA'], [16, 'AU'], [17, 'BR'], [18, 'SG'], [19, 'HK'], [20, 'RU'],
  [21, 'TH'], [22, 'VN'], [23, 'ID'], [24, 'MY'], [25, 'PH'], [26, 'MX'], [27, 'NZ'], [28, 'IL'], [29, 'AE'], [30, 'SA'],
  [31, 'TR'], [32, 'ZA'], [33, 'AT'], [34, 'BE'], [35, 'DK'], [36, 'FI'], [37, 'NO'], [38, 'PL'], [39, 'PT'], [40, 'IE'],
  [41, 'AD'], [42, 'AF'], [43, 'AG'], [44, 'AL'], [45, 'AM'], [46, 'AO'], [47, 'AR'], [48, 'AZ'], [49, 'BA'], [50, 'BB'],
  [51, 'BD'], [52, 'BF'], [53, 'BG'], [54, 'BH'], [55, 'BI'], [56, 'BJ'], [57, 'BN'], [58, 'BO'], [59, 'BS'], [60, 'BT'],
  [61, 'BW'], [62, 'BY'], [63, 'BZ'], [64, 'CD'], [65, 'CF'], [66, 'CG'], [67, 'CI'], [68, 'CL'], [69, 'CM'], [70, 'CO'],
  [71, 'CR'], [72, 'CU'], [73, 'CV'], [74, 'CY'], [75, 'CZ'], [76, 'DJ'], [77, 'DM'], [78, 'DO'], [79, 'DZ'], [80, 'EC'],
  [81, 'EE'], [82, 'EG'], [83, 'ER'], [84, 'ET'], [85, 'FJ'], [86, 'FM'], [87, 'GA'], [88, 'GD'], [89, 'GE'], [90, 'GH'],
  [91, 'GM'], [92, 'GN'], [93, 'GQ'], [94, 'GR'], [95, 'GT'], [96, 'GW'], [97, 'GY'], [98, 'HN'], [99, 'HR'], [100, 'HT'],
  [101, 'HU'], [102, 'IQ'], [103, 'IR'], [104, 'IS'], [105, 'JM'], [106, 'JO'], [107, 'KE'], [108, 'KG'], [109, 'KH'], [110, 'KI'],
  [111, 'KM'], [112, 'KN'], [113, 'KP'], [114, 'KW'], [115, 'KZ'], [116, 'LA'], [117, 'LB'], [118, 'LC'], [119, 'LI'], [120, 'LK'],
  [121, 'LR'], [122, 'LS'], [123, 'LT'], [124, 'LU'], [125, 'LV'], [126, 'LY'], [127, 'MA'], [128, 'MC'], [129, 'MD'], [130, 'ME'],
  [131, 'MG'], [132, 'MH'], [133, 'MK'], [134, 'ML'], [135, 'MM'], [136, 'MN'], [137, 'MR'], [138, 'MT'], [139, 'MU'], [140, 'MV'],
  [141, 'MW'], [142, 'MZ'], [143, 'NA'], [144, 'NE'], [145, 'NG'], [146, 'NI'], [147, 'NP'], [148, 'NR'], [149, 'OM'], [150, 'PA'],
  [151, 'PE'], [152, 'PG'], [153, 'PK'], [154, 'PW'], [155, 'PY'], [156, 'QA'], [157, 'RO'], [158, 'RS'], [159, 'RW'], [160, 'SB'],
  [161, 'SC'], [162, 'SD'], [163, 'SI'], [164, 'SK'], [165, 'SL'], [166, 'SM'], [167, 'SN'], [168, 'SO'], [169, 'SR'], [170, 'SS'],
  [171, 'ST'], [172, 'SV'], [173, 'SY'], [174, 'SZ'], [175, 'TD'], [176, 'TG'], [177, 'TJ'], [178, 'TL'], [179, 'TM'], [180, 'TN'],
  [181, 'TO'], [182, 'TT'], [183, 'TV'], [184, 'TZ'], [185, 'UA'], [186, 'UG'], [187, 'UY'], [188, 'UZ'], [189, 'VC'], [190, 'VE'],
  [191, 'VU'], [192, 'WS'], [193, 'YE'], [194, 'ZM'], [195, 'ZW'], [196, 'MO'], [197, 'VA'], [198, 'PS'], [199, 'BM'], [200, 'KY'],
];

/** Regions that are not countries. */
export const RegionCode = {
  Japan: 1,
  UnitedStates: 2,
  China: 3,
  Korea: 4,
  Europe: 201,
  Pct: 202,
  Other: 999,
} as const;

/** Shown first in pickers, in this order; everything else follows sorted by name. */
export const priorityRegionCodes: readonly number[] = [1, 2, 3, 4, 201, 202];

/**
 * Where CLDR's default (official) name is not what IP practitioners write, use CLDR's own alias
 * (still library data, not a hand-typed name).
 */
export const regionsPreferringAlias: ReadonlySet<string> = new Set(['TW']);
