import type {
  Applicant,
  CaseType,
  PriorityClaim,
  ProgressStatus,
  Project,
  ProjectDetail,
  UpdateProjectBody,
} from '@ipportal/domain';
import type { projectParties, projectPriorityClaims, projects } from '../../db/schema/index.js';

/*
 * How a matter's contract fields map to the columns of `projects` and its child tables, and the
 * row mappers both ways. Pure: no query runs here.
 */

export type ProjectRow = typeof projects.$inferSelect;
export type Column = keyof ProjectRow;
export type PartyRow = typeof projectParties.$inferSelect;
export type ClaimRow = typeof projectPriorityClaims.$inferSelect;

/** List-level body fields (PATCH of a matter) and the columns they write. */
export const listFieldColumns = {
  type: 'type',
  refrenceCode: 'refrenceCode',
  regionCode: 'regionCode',
  title: 'title',
  status: 'status',
  name: 'name',
  applicationCode: 'applicationCode',
  applicationDate: 'applicationDate',
  publicationCode: 'publicationCode',
  registCode: 'registCode',
  registDate: 'registDate',
  family: 'family',
} as const satisfies Record<keyof UpdateProjectBody, Column>;

export type ObjectGroup =
  'trademark' | 'application' | 'registration' | 'maintenance' | 'international' | 'settings';

/** Detail groups stored as columns of `projects`: contract field -> column. */
export const groupColumns = {
  trademark: {
    imageFileId: 'trademarkImageFileId',
    searchText: 'trademarkSearchText',
    designatedGoodsAndServices: 'designatedGoodsServices',
    classes: 'niceClasses',
    designatedGoodsClass: 'designatedGoodsClass',
    designatedServices: 'designatedServices',
  },
  application: {
    applicationCode: 'applicationCode',
    applicationDate: 'applicationDate',
    publicationCode: 'publicationCode',
    publicationDate: 'publicationDate',
    priorityPeriod: 'priorityPeriod',
    examRequestPeriod: 'examRequestPeriod',
    examRequestDate: 'examRequestDate',
    accessCode: 'accessCode',
  },
  registration: {
    registCode: 'registCode',
    issueDate: 'issueDate',
    officialPublicationDate: 'officialPublicationDate',
    grantDecisionDate: 'grantDecisionDate',
    registDate: 'registDate',
    claimsCount: 'claimsCount',
    durationExpiry: 'durationExpiry',
    rightsStatus: 'rightsStatus',
  },
  maintenance: {
    registrationFeePaymentDate: 'registrationFeePaymentDate',
    yearFrom: 'maintenanceYearFrom',
    yearTo: 'maintenanceYearTo',
    nextPaymentDate: 'nextPaymentDate',
    dueDate: 'maintenanceDueDate',
    paymentYear: 'paymentYear',
    paymentDate: 'paymentDate',
  },
  international: {
    applicationNumber: 'intlApplicationNumber',
    applicationDate: 'intlApplicationDate',
    publicationNumber: 'intlPublicationNumber',
    publicationDate: 'intlPublicationDate',
    nationalTransitionDeadline: 'nationalTransitionDeadline',
    article19AmendmentDeadline: 'article19AmendmentDeadline',
    preliminaryExamDeadline: 'preliminaryExamDeadline',
    searchReportTransmittalDate: 'searchReportTransmittalDate',
  },
  settings: { allowRequestedOfficeEdit: 'allowRequestedOfficeEdit' },
} as const satisfies { [G in ObjectGroup]: Record<keyof ProjectDetail[G], Column> };

export const objectGroups = Object.keys(groupColumns) as ObjectGroup[];

/** A row of the list columns (`listColumnsFor`). */
export type ListRow = Pick<
  ProjectRow,
  | 'id'
  | 'type'
  | 'refrenceCode'
  | 'regionCode'
  | 'title'
  | 'status'
  | 'name'
  | 'applicationCode'
  | 'applicationDate'
  | 'publicationCode'
  | 'registCode'
  | 'registDate'
  | 'concierge'
  | 'family'
  | 'deletedAt'
  | 'createdAt'
  | 'updatedAt'
> & { requestCount: number | string };

export function toProject(row: ListRow): Project {
  return {
    id: row.id,
    type: row.type as CaseType,
    refrenceCode: row.refrenceCode,
    regionCode: row.regionCode,
    title: row.title,
    status: row.status as ProgressStatus,
    name: row.name,
    applicationCode: row.applicationCode,
    applicationDate: row.applicationDate,
    publicationCode: row.publicationCode,
    registCode: row.registCode,
    registDate: row.registDate,
    requestCount: Number(row.requestCount),
    concierge: row.concierge,
    family: row.family,
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    createDate: row.createdAt.toISOString(),
    updateDate: row.updatedAt.toISOString(),
  };
}

const toNumber = (value: string | null): number | null => (value === null ? null : Number(value));

export function toApplicant(row: PartyRow): Applicant {
  return {
    role: row.role,
    identificationNumber: row.identificationNumber,
    name: row.name,
    address: row.address,
    shareRatio: toNumber(row.shareRatio),
    contribution: toNumber(row.contribution),
  };
}

export function toPriorityClaim(row: ClaimRow): PriorityClaim {
  return {
    regionCode: row.regionCode,
    baseApplicationNumber: row.baseApplicationNumber,
    baseApplicationDate: row.baseApplicationDate,
    accessCode: row.accessCode,
  };
}

/** Percentages as the numeric(7,4) columns keep them. */
const fourDecimals = (value: number | null): number | null =>
  value === null ? null : Math.round(value * 10_000) / 10_000;

/** Same key order and precision whatever the source, so before/after compare as JSON. */
export function normalizeApplicant(a: Applicant): Applicant {
  return {
    role: a.role,
    identificationNumber: a.identificationNumber,
    name: a.name,
    address: a.address,
    shareRatio: fourDecimals(a.shareRatio),
    contribution: fourDecimals(a.contribution),
  };
}

export function normalizeClaim(c: PriorityClaim): PriorityClaim {
  return {
    regionCode: c.regionCode,
    baseApplicationNumber: c.baseApplicationNumber,
    baseApplicationDate: c.baseApplicationDate,
    accessCode: c.accessCode,
  };
}

function group<G extends ObjectGroup>(row: ProjectRow, name: G): ProjectDetail[G] {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(groupColumns[name])) out[field] = row[column as Column];
  return out as ProjectDetail[G];
}

export function toProjectDetail(
  row: ProjectRow,
  project: Project,
  parties: PartyRow[],
  claims: ClaimRow[],
): ProjectDetail {
  const trademark = group(row, 'trademark');
  return {
    ...project,
    trademark: { ...trademark, classes: trademark.classes ?? [] },
    application: group(row, 'application'),
    registration: group(row, 'registration'),
    maintenance: group(row, 'maintenance'),
    applicants: parties.map(toApplicant),
    international: group(row, 'international'),
    priorityClaims: claims.map(toPriorityClaim),
    settings: group(row, 'settings'),
  };
}
