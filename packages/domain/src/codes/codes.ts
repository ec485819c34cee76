import { defineCodeList } from './code-list.js';

/** Case (right) types of a matter. Values are stored; never renumber. */
export const CaseType = {
  Patent: 0,
  UtilityModel: 1,
  Trademark: 2,
  Design: 3,
} as const;
export type CaseType = (typeof CaseType)[keyof typeof CaseType];
export const caseTypes = defineCodeList('caseType', [0, 1, 2, 3] as const);

/** The Create Matter dialog offers only patents and trademarks; the other types come from imports. */
export const creatableCaseTypes = [CaseType.Patent, CaseType.Trademark] as const;
export type CreatableCaseType = (typeof creatableCaseTypes)[number];

/** Progress status of a matter. */
export const ProgressStatus = { NotStarted: 0, InProgress: 1, Done: 2 } as const;
export type ProgressStatus = (typeof ProgressStatus)[keyof typeof ProgressStatus];
export const progressStatuses = defineCodeList('progressStatus', [0, 1, 2] as const);

/** Request status of a stored request (1-3); 0 is only the "all" filter value. */
export const RequestStatus = { NotSupported: 1, ExternalHandling: 2, Supported: 3 } as const;
export type RequestStatus = (typeof RequestStatus)[keyof typeof RequestStatus];
export const requestStatusFilter = defineCodeList('requestStatusFilter', [0, 1, 2, 3] as const);
export type RequestStatusFilter = (typeof requestStatusFilter.values)[number];
export const requestStatuses = defineCodeList('requestStatus', [1, 2, 3] as const);

/** Concierge (assisted handling) state of a request or matter. */
export const ConciergeState = {
  NotUsed: 'notUsed',
  AwaitingPayment: 'awaitingPayment',
  Paid: 'paid',
} as const;
export type ConciergeState = (typeof ConciergeState)[keyof typeof ConciergeState];
export const conciergeStates = defineCodeList('concierge', ['notUsed', 'awaitingPayment', 'paid'] as const);
export const conciergeFilter = defineCodeList('conciergeFilter', [
  'all',
  'notUsed',
  'awaitingPayment',
  'paid',
] as const);
export type ConciergeFilter = (typeof conciergeFilter.values)[number];

/** Request types offered on the request form. */
/**
 * An office's estimate (見積書) for a request: drafted, sent, then accepted or declined by the
 * client, withdrawn by the office, superseded by a sent revision, or expired (sent and past its
 * validity date; stored as `sent`, answered as `expired`).
 */
export const dealStatuses = defineCodeList('dealStatus', [
  'draft',
  'sent',
  'accepted',
  'declined',
  'withdrawn',
  'superseded',
  'expired',
] as const);
export type DealStatus = (typeof dealStatuses.values)[number];

/**
 * An invoice (請求書): a draft the office edits, issued (never edited afterwards), paid (its
 * confirmed payments cover the amount to transfer), or void (kept, with a reason).
 */
export const invoiceStatuses = defineCodeList('invoiceStatus', ['draft', 'issued', 'paid', 'void'] as const);
export type InvoiceStatus = (typeof invoiceStatuses.values)[number];

/** An invoice, or a credit note (適格返還請求書) that corrects an issued invoice. */
export const invoiceKinds = defineCodeList('invoiceKind', ['invoice', 'creditNote'] as const);
export type InvoiceKind = (typeof invoiceKinds.values)[number];

/**
 * Consumption-tax class of an estimate or invoice line: attorney fees at 10%; official fees and
 * stamps passed through untaxed (非課税・対象外); foreign agents' and offices' costs (不課税).
 */
export const taxClasses = defineCodeList('taxClass', ['taxable10', 'nonTaxable', 'outOfScope'] as const);
export type TaxClass = (typeof taxClasses.values)[number];

/**
 * A transfer (振込): recorded by the client (or by the office as received), then confirmed by
 * the office, which marks the invoices it covers paid.
 */
export const paymentStatuses = defineCodeList('paymentStatus', ['recorded', 'confirmed'] as const);
export type PaymentStatus = (typeof paymentStatuses.values)[number];
/** Who bears the bank transfer fee (振込手数料): the payer by default (Civil Code Art. 485). */
export const bankFeeBearers = defineCodeList('bankFeeBearer', ['payer', 'payee'] as const);
export type BankFeeBearer = (typeof bankFeeBearers.values)[number];

export const requestTypes = defineCodeList('requestType', ['estimate', 'other'] as const);
export type RequestType = (typeof requestTypes.values)[number];

/** Kinds of outside office a request can be sent to. */
export const officeTypes = defineCodeList('officeType', [
  'patentAttorney',
  'translationCompany',
  'researchCompany',
] as const);
export type OfficeType = (typeof officeTypes.values)[number];

/** REGULAR users are clients; PATENT users work at firms. Each has its own identity pool and API namespace. */
export const userTypes = defineCodeList('userType', ['REGULAR', 'PATENT'] as const);
export type UserType = (typeof userTypes.values)[number];

/** Role inside an organization: 0 administrator, 1 member. */
export const OrganizationRole = { Administrator: 0, Member: 1 } as const;
export type OrganizationRole = (typeof OrganizationRole)[keyof typeof OrganizationRole];
export const organizationRoles = defineCodeList('organizationRole', [0, 1] as const);

/** Rights status shown in a matter's registration info. */
export const rightsStatuses = defineCodeList('rightsStatus', [
  'unregistered',
  'registering',
  'expired',
] as const);
export type RightsStatus = (typeof rightsStatuses.values)[number];

/** Toast levels of the notification system. */
export const toastLevels = defineCodeList('toastLevel', ['error', 'warn', 'info'] as const);
export type ToastLevel = (typeof toastLevels.values)[number];

/** Tabs of the matter list: one per case type, plus all and deleted. */
export const projectTabs = defineCodeList('projectTab', [
  'all',
  'patent',
  'utilityModel',
  'design',
  'trademark',
  'deleted',
] as const);
export type ProjectTab = (typeof projectTabs.values)[number];

/** Case type shown on each type tab. */
export const caseTypeOfTab: Readonly<Record<'patent' | 'utilityModel' | 'design' | 'trademark', CaseType>> = {
  patent: CaseType.Patent,
  utilityModel: CaseType.UtilityModel,
  design: CaseType.Design,
  trademark: CaseType.Trademark,
};

/** Matter status filter on the list: all, or one progress status. */
export const progressStatusFilter = defineCodeList('progressStatusFilter', ['all', 0, 1, 2] as const);
export type ProgressStatusFilter = (typeof progressStatusFilter.values)[number];

/** Supported interface languages; ja is default and fallback. */
export const locales = ['ja', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'ja';
