/**
 * Refusals: the reasons a valid, authenticated call is turned down, each with the HTTP status it
 * answers. Repositories and use cases return them (`refuse('requestNotFound')`), endpoint
 * definitions list the ones they can answer, and the API maps them through this one table, so a
 * reason has the same status on every endpoint. The server translates each code
 * (apps/api/src/http/messages.ts); `field` puts the reason on that input field of a 400.
 *
 * 404 also stands for "exists but you may not see it", so ids cannot be probed.
 */
export const refusals = {
  // Matters
  projectNotFound: { status: 404 },
  projectDeleted: { status: 409 },
  officeEditNotAllowed: { status: 403 },
  officeCannotChange: { status: 403 },
  notTrademark: { status: 400 },
  trademarkImageNotFound: { status: 404 },
  conflictingValue: { status: 400 },
  useTrademarkImageUpload: { status: 400 },
  yearRange: { status: 400 },
  shareTotal: { status: 400 },
  contributionTotal: { status: 400 },
  /** A list cursor that is not one the server issued for this sort and order. */
  invalidCursor: { status: 400, field: 'cursor' },
  // Files and comments of the user space, attachments
  fileNotFound: { status: 404 },
  notFileUploader: { status: 403 },
  commentNotFound: { status: 404 },
  notCommentAuthor: { status: 403 },
  // Requests
  requestNotFound: { status: 404 },
  officeNotAvailable: { status: 400, field: 'officeId' },
  requestAssigneeNotAllowed: { status: 400, field: 'assigneeUserId' },
  requestAssigneeCannotSeeMatter: { status: 400, field: 'assigneeUserId' },
  requestNotAwaitingAcceptance: { status: 409 },
  requestNotInProgress: { status: 409 },
  requestNotDeclinable: { status: 409 },
  requestAlreadyDeclined: { status: 409 },
  /** The concierge coordinates a request but never moves it on (ADR 0019): the addressed office does. */
  coordinatorCannotMoveRequest: { status: 403 },
  deliverableNotFound: { status: 404 },
  deliverablesOfficeOnly: { status: 403 },
  termNotFound: { status: 404 },
  periodsClientOnly: { status: 403 },
  // Annuities (pension)
  pensionNoSchedule: { status: 409 },
  /** Validations and unitary effect belong to a granted European patent only. */
  notGrantedEuropeanPatent: { status: 409 },
  pensionYearsNotNext: { status: 400, field: 'yearFrom' },
  pensionYearsNotWhole: { status: 400, field: 'yearTo' },
  pensionYearNotScheduled: { status: 404 },
  pensionLapseNeedsReason: { status: 400, field: 'reason' },
  // Deadlines (/terms)
  deadlineNotFound: { status: 404 },
  /** The two-person check: someone other than who entered or marked the deadline confirms it. */
  confirmerMustDiffer: { status: 403 },
  calendarFeedNotFound: { status: 404 },
  // Estimates, invoices, payments, concierge
  dealNotFound: { status: 404 },
  dealNotDraft: { status: 409 },
  dealNotSent: { status: 409 },
  dealExpired: { status: 409 },
  dealNotRevisable: { status: 409 },
  dealNotAccepted: { status: 409 },
  invoiceNotFound: { status: 404 },
  invoiceNotDraft: { status: 409 },
  invoiceNotIssued: { status: 409 },
  invoiceAlreadyPaid: { status: 409 },
  invoiceHasPayments: { status: 409 },
  invoiceNeedsLines: { status: 400, field: 'lines' },
  paymentNotFound: { status: 404 },
  paymentAlreadyConfirmed: { status: 409 },
  paymentInvoicesOfOneOffice: { status: 400, field: 'allocations' },
  paymentInvoicesOfOneClient: { status: 400, field: 'allocations' },
  paymentClientNotFound: { status: 404 },
  allocationExceedsBalance: { status: 409, field: 'allocations' },
  allocationsExceedAmount: { status: 400, field: 'allocations' },
  billingProfileIncomplete: { status: 409 },
  conciergeAlreadyUsed: { status: 409 },
  conciergeNotAvailable: { status: 409 },
  // Chat
  chatMessageNotFound: { status: 404 },
  chatNotSender: { status: 403 },
  chatEditWindowClosed: { status: 409 },
  chatWithdrawWindowClosed: { status: 409 },
  chatMessageWithdrawn: { status: 409 },
  chatMessageEmpty: { status: 400, field: 'body' },
  chatMentionNotMember: { status: 400, field: 'mentions' },
  // The signed-in user's own row (gone while their token still works)
  userNotFound: { status: 404 },
  // Offices
  noFirm: { status: 404 },
  // Organizations
  organizationNotFound: { status: 404 },
  notOrganizationAdmin: { status: 403 },
  alreadyInOrganization: { status: 409 },
  memberNotFound: { status: 404 },
  lastAdministrator: { status: 409 },
  alreadyMember: { status: 409 },
  invitationNotFound: { status: 404 },
  invitationExpired: { status: 409 },
  invitationNotPending: { status: 409 },
  invitationForAnotherEmail: { status: 403 },
  notOrganizationMatter: { status: 409 },
  assigneeNotMember: { status: 400 },
  /** The member has no second factor to reset. */
  twoFactorNotEnabled: { status: 409 },
  /** The identity provider does not let the portal read or reset second factors (AWS Cognito mode). */
  twoFactorAdminUnavailable: { status: 409 },
  /** An administrator requires two-factor sign-in before having it (they would shut themselves out). */
  setUpTwoFactorFirst: { status: 409 },
  /** The organization requires two-factor sign-in and the caller has not set it up yet. */
  twoFactorRequired: { status: 403 },
  /** A payment (an invoice's or an annuity's) dated after today in Japan: see paid-on.ts. */
  paidInFuture: { status: 400, field: 'paidOn' },
  // Anything else the caller may not do
  forbidden: { status: 403 },
} as const satisfies Record<string, { status: 400 | 403 | 404 | 409; field?: string }>;

export type Refusal = keyof typeof refusals;

/** What a refused operation returns instead of its result. */
export interface Refused<R extends Refusal = Refusal> {
  readonly refused: R;
  /** Values for the reason's message (e.g. `{ max: 5 }`). */
  readonly params?: Readonly<Record<string, string | number>>;
  /** Puts the reason on this input field (overrides the table's `field`). */
  readonly field?: string;
  /** Several fields wrong at once (checked against stored data): a 400 listing each. */
  readonly problems?: readonly FieldProblem[];
}

/** One input field refused for a reason of the table (e.g. `shareTotal` on `applicants`). */
export interface FieldProblem {
  readonly path: string;
  readonly refusal: Refusal;
}

export function refuse<R extends Refusal>(refusal: R, details: Omit<Refused<R>, 'refused'> = {}): Refused<R> {
  return { refused: refusal, ...details };
}

export function isRefused(value: unknown): value is Refused {
  return typeof value === 'object' && value !== null && 'refused' in value;
}
