/**
 * The pages of the web app, by the web route table's ids: the web's router reads its paths from
 * here, and the API's mails and calendar feed link to them through `webPathOf`, so a link in a
 * mail cannot point at a page the web app does not have. Paths are react-router patterns with
 * `:parameters`.
 */
export const webPaths = {
  home: '/',
  projects: '/projects',
  requests: '/requests',
  requestDetail: '/requests/:projectId/:requestId',
  requestMails: '/requests/:projectId/:requestId/mails',
  requestTerms: '/requests/:projectId/:requestId/terms',
  requestDeliverables: '/requests/:projectId/:requestId/deliverables',
  requestEstimateBill: '/requests/:projectId/:requestId/estimate-bill',
  requestHistory: '/requests/:projectId/:requestId/history',
  estimate: '/estimates/:projectId/:requestId/:dealId',
  invoice: '/invoices/:invoiceId',
  terms: '/terms',
  termsNotification: '/terms/notification',
  termsCalendar: '/terms/calendar',
  pension: '/pension',
  pensionNotification: '/pension/notification',
  profile: '/profile',
  passwordChange: '/profile/password-change',
  editProfile: '/edit-profile',
  partnerFirm: '/partner-firm',
  editPartnerFirm: '/edit-partner-firm',
  invoiceManage: '/invoice/manage',
  unpaidInvoices: '/invoice/unpaid-invoice-list',
  paidInvoices: '/invoice/paid-invoice-list',
  collectivePayments: '/invoice/collective-payment',
  paymentHistory: '/invoice/payment-history',
  issueHistory: '/invoice/issue-history',
  firmInvoices: '/invoice/firm',
  firmEstimates: '/invoice/firm/estimates',
  firmInvoiceDrafts: '/invoice/firm/drafts',
  firmIssuedInvoices: '/invoice/firm/issued',
  firmOverdueInvoices: '/invoice/firm/overdue',
  firmPayments: '/invoice/firm/payments',
  firmBillingProfile: '/invoice/firm/billing-profile',
  chat: '/chat',
  chatRoom: '/chat/:projectId/:requestId',
  deliverables: '/deliverables',
  organizationCreate: '/organization/create',
  organizationManage: '/organization/manage',
  organizationUsers: '/organization/users',
  organizationInvitation: '/organization/invitation',
  signup: '/signup',
  verify: '/verify',
  login: '/login',
  passwordReset: '/login/password-reset',
} as const;

/** The query of /projects that opens one matter (mails and the calendar feed link to it). */
export const matterQueryParam = 'project-id';

export type WebPathName = keyof typeof webPaths;

/** `'/a/:x/b/:y'` -> `'x' | 'y'`. */
type WebPathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | WebPathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type WebPathParams<N extends WebPathName> = Record<
  WebPathParamNames<(typeof webPaths)[N]>,
  string | number
>;

type ParamsArg<N extends WebPathName> = [WebPathParamNames<(typeof webPaths)[N]>] extends [never]
  ? [params?: undefined, query?: Record<string, string>]
  : [params: WebPathParams<N>, query?: Record<string, string>];

/**
 * The path of a web page with its parameters filled in (each URI-encoded) and an optional query:
 * `webPathOf('requestMails', { projectId, requestId: 3 })` -> `/requests/<projectId>/3/mails`.
 */
export function webPathOf<N extends WebPathName>(name: N, ...[params, query]: ParamsArg<N>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = webPaths[name].replace(/:(\w+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`webPathOf(${name}): no value for :${key}`);
    return encodeURIComponent(String(value));
  });
  // Written out rather than URLSearchParams: the domain builds without DOM or Node typings.
  const search = Object.entries(query ?? {})
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}
