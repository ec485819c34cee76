import { webPaths } from '@ipportal/domain';

/** Which sidebar a route shows; `none` shows no sidebar. */
export type SidebarType =
  'default' | 'request-detail' | 'user-invoice' | 'firm-invoice' | 'organization-manage' | 'none';

/** A sidebar per user type, for a page both user types open with a menu of their own. */
export interface SidebarByUserType {
  REGULAR: SidebarType;
  PATENT: SidebarType;
}

/** `blank` has no header, sidebar or footer: printable documents (estimates, invoices). */
export type LayoutType = 'default' | 'blank';

/**
 * Extra conditions of protected routes: which user type a page is for, who may set up and who
 * may manage an organization. A page for one user type sends the other type to /.
 */
export type AccessCondition =
  /** PATENT users (offices): the office's own profile (/partner-firm, /edit-partner-firm). */
  | 'patentUser'
  /**
   * REGULAR users (clients): what only a client does (annuities, reminder settings, paying
   * invoices); an office's invoices are the firm-invoice pages.
   */
  | 'clientUser'
  /** REGULAR users without organizationId (/organization/create). */
  | 'regularWithoutOrganization'
  /**
   * REGULAR users with organizationId and roleInOrganizationCode 0 (/organization/manage,
   * /organization/users); organizations are the clients' side only.
   */
  | 'organizationAdmin';

export type Access =
  /** Signed-out users only; a signed-in user goes to / (or to the `redirect` query target). */
  | { kind: 'public' }
  /** Signed-in users who meet every condition; others go to /login, or to / when a condition fails. */
  | { kind: 'protected'; conditions: readonly AccessCondition[] }
  /** Everyone (the not-found page). */
  | { kind: 'any' };

/** i18n key of a route title. */
export type TitleKey = `route.${string}`;

/** One route; `Id` is the table's own ids, so a redirect can only name a route that exists. */
export interface RouteDefinition<Id extends string = string> {
  /** react-router path pattern; `*` only for the not-found route. */
  path: string;
  /** Translated into the header title and the document title; null shows no title. */
  titleKey: TitleKey | null;
  sidebar: SidebarType | SidebarByUserType;
  layout: LayoutType;
  access: Access;
  /**
   * The route this path leads to (same params, same query). A route without it shows a page,
   * which `src/app/route-pages.ts` names: the table itself imports no page.
   */
  redirectTo?: Id;
}

const signedIn = { kind: 'protected', conditions: [] } as const satisfies Access;
const publicOnly = { kind: 'public' } as const satisfies Access;
const officesOnly = { kind: 'protected', conditions: ['patentUser'] } as const satisfies Access;
const clientsOnly = { kind: 'protected', conditions: ['clientUser'] } as const satisfies Access;

/** The office's invoice pages (the last path word is never shown: the title is). */
const firmPage = { sidebar: 'firm-invoice', layout: 'default', access: officesOnly } as const;

/**
 * The client's invoice pages (paying; one definition keeps the start-up bundle small). An office
 * opening one goes to / like the other one-side pages: its invoices are the firm-invoice pages.
 */
const invoicePage = { sidebar: 'user-invoice', layout: 'default', access: clientsOnly } as const;

/**
 * Checks every entry against `RouteDefinition` with the table's own keys as the route ids, and
 * keeps the literal types (paths, redirect targets) that `paths.ts` and `route-pages.ts` read.
 */
function defineRoutes<
  const Table extends { [Id in keyof Table]: RouteDefinition<Extract<keyof Table, string>> },
>(table: Table): Table {
  return table;
}

/**
 * Every route of the portal. The router, the guards, the document title, the header title, the
 * breadcrumb and the sidebars all read this table; paths are built from it (see `paths.ts`) and
 * never written anywhere else. Each path comes from `webPaths` of @ipportal/domain, which the
 * API's mail links also use. Data only: the pages are in `src/app/route-pages.ts`.
 */
export const routeTable = defineRoutes({
  home: {
    path: webPaths.home,
    titleKey: 'route.projects',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
  },
  projects: {
    path: webPaths.projects,
    titleKey: 'route.projects',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
  },
  requests: {
    path: webPaths.requests,
    titleKey: 'route.requests',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
  },
  requestDetail: {
    path: webPaths.requestDetail,
    titleKey: null,
    sidebar: 'request-detail',
    layout: 'default',
    access: signedIn,
    redirectTo: 'requestMails',
  },
  requestMails: {
    path: webPaths.requestMails,
    titleKey: 'route.requestMails',
    sidebar: 'request-detail',
    layout: 'default',
    access: signedIn,
  },
  requestTerms: {
    path: webPaths.requestTerms,
    titleKey: 'route.requestTerms',
    sidebar: 'request-detail',
    layout: 'default',
    access: signedIn,
  },
  requestDeliverables: {
    path: webPaths.requestDeliverables,
    titleKey: 'route.requestDeliverables',
    sidebar: 'request-detail',
    layout: 'default',
    access: signedIn,
  },
  requestEstimateBill: {
    path: webPaths.requestEstimateBill,
    titleKey: 'route.requestEstimateBill',
    sidebar: 'request-detail',
    layout: 'default',
    access: signedIn,
  },
  requestHistory: {
    path: webPaths.requestHistory,
    titleKey: 'route.requestHistory',
    sidebar: 'request-detail',
    layout: 'default',
    access: signedIn,
  },
  estimate: {
    path: webPaths.estimate,
    titleKey: 'route.estimate',
    sidebar: 'none',
    layout: 'blank',
    access: signedIn,
  },
  invoice: {
    path: webPaths.invoice,
    titleKey: 'route.invoice',
    sidebar: 'none',
    layout: 'blank',
    access: signedIn,
  },
  // The client side's deadlines; an office reads its docket here (the requests addressed to it).
  terms: {
    path: webPaths.terms,
    titleKey: 'route.terms',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
  },
  termsNotification: {
    path: webPaths.termsNotification,
    titleKey: 'route.termsNotification',
    sidebar: 'default',
    layout: 'default',
    access: clientsOnly,
  },
  // The office's calendar feed of its docket (the client's is on /terms/notification).
  termsCalendar: {
    path: webPaths.termsCalendar,
    titleKey: 'route.termsCalendar',
    sidebar: 'default',
    layout: 'default',
    access: officesOnly,
  },
  pension: {
    path: webPaths.pension,
    titleKey: 'route.pension',
    sidebar: 'default',
    layout: 'default',
    access: clientsOnly,
  },
  pensionNotification: {
    path: webPaths.pensionNotification,
    titleKey: 'route.pensionNotification',
    sidebar: 'default',
    layout: 'default',
    access: clientsOnly,
  },
  profile: {
    path: webPaths.profile,
    titleKey: 'route.profile',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
  },
  passwordChange: {
    path: webPaths.passwordChange,
    titleKey: 'route.passwordChange',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
  },
  editProfile: {
    path: webPaths.editProfile,
    titleKey: 'route.editProfile',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
  },
  partnerFirm: {
    path: webPaths.partnerFirm,
    titleKey: 'route.partnerFirm',
    sidebar: 'default',
    layout: 'default',
    access: officesOnly,
  },
  editPartnerFirm: {
    path: webPaths.editPartnerFirm,
    titleKey: 'route.editPartnerFirm',
    sidebar: 'default',
    layout: 'default',
    access: officesOnly,
  },
  invoiceManage: {
    path: webPaths.invoiceManage,
    titleKey: null,
    ...invoicePage,
    redirectTo: 'unpaidInvoices',
  },
  unpaidInvoices: { path: webPaths.unpaidInvoices, titleKey: 'route.unpaidInvoices', ...invoicePage },
  paidInvoices: { path: webPaths.paidInvoices, titleKey: 'route.paidInvoices', ...invoicePage },
  collectivePayments: {
    path: webPaths.collectivePayments,
    titleKey: 'route.collectivePayments',
    ...invoicePage,
  },
  paymentHistory: { path: webPaths.paymentHistory, titleKey: 'route.paymentHistory', ...invoicePage },
  issueHistory: { path: webPaths.issueHistory, titleKey: 'route.issueHistory', ...invoicePage },
  // The office's side of estimates, invoices and payments (the firm-invoice sidebar).
  firmInvoices: { path: webPaths.firmInvoices, titleKey: null, ...firmPage, redirectTo: 'firmEstimates' },
  firmEstimates: { path: webPaths.firmEstimates, titleKey: 'route.firmEstimates', ...firmPage },
  firmInvoiceDrafts: { path: webPaths.firmInvoiceDrafts, titleKey: 'route.firmInvoiceDrafts', ...firmPage },
  firmIssuedInvoices: {
    path: webPaths.firmIssuedInvoices,
    titleKey: 'route.firmIssuedInvoices',
    ...firmPage,
  },
  firmOverdueInvoices: {
    path: webPaths.firmOverdueInvoices,
    titleKey: 'route.firmOverdueInvoices',
    ...firmPage,
  },
  firmPayments: { path: webPaths.firmPayments, titleKey: 'route.firmPayments', ...firmPage },
  firmBillingProfile: {
    path: webPaths.firmBillingProfile,
    titleKey: 'route.firmBillingProfile',
    ...firmPage,
  },
  chat: {
    path: webPaths.chat,
    titleKey: 'route.chat',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
  },
  // One room per request (ADR 0031): the room list beside the request's room.
  chatRoom: {
    path: webPaths.chatRoom,
    titleKey: 'route.chat',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
  },
  deliverables: {
    path: webPaths.deliverables,
    titleKey: 'route.deliverables',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
  },
  organizationCreate: {
    path: webPaths.organizationCreate,
    titleKey: 'route.organizationCreate',
    sidebar: 'default',
    layout: 'default',
    access: { kind: 'protected', conditions: ['regularWithoutOrganization'] },
  },
  organizationManage: {
    path: webPaths.organizationManage,
    titleKey: null,
    sidebar: 'organization-manage',
    layout: 'default',
    access: { kind: 'protected', conditions: ['organizationAdmin'] },
    redirectTo: 'organizationUsers',
  },
  organizationUsers: {
    path: webPaths.organizationUsers,
    titleKey: 'route.organizationUsers',
    sidebar: 'organization-manage',
    layout: 'default',
    access: { kind: 'protected', conditions: ['organizationAdmin'] },
  },
  // The page an organization invitation mail links to (token in the query). Signed-out
  // invitees go to /login with it as the redirect target and can sign up from there.
  organizationInvitation: {
    path: webPaths.organizationInvitation,
    titleKey: 'route.organizationInvitation',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
  },
  signup: {
    path: webPaths.signup,
    titleKey: 'route.signup',
    sidebar: 'none',
    layout: 'default',
    access: publicOnly,
  },
  verify: {
    path: webPaths.verify,
    titleKey: 'route.verify',
    sidebar: 'none',
    layout: 'default',
    access: publicOnly,
  },
  login: {
    path: webPaths.login,
    titleKey: 'route.login',
    sidebar: 'none',
    layout: 'default',
    access: publicOnly,
  },
  passwordReset: {
    path: webPaths.passwordReset,
    titleKey: 'route.passwordReset',
    sidebar: 'none',
    layout: 'default',
    access: publicOnly,
  },
  notFound: {
    path: '*',
    titleKey: 'route.notFound',
    sidebar: 'default',
    layout: 'default',
    access: { kind: 'any' },
  },
});

export type RouteTable = typeof routeTable;

export type RouteId = keyof RouteTable;

/** The routes that show a page of their own (all but those that lead to another route). */
export type PageRouteId = {
  [Id in RouteId]: RouteTable[Id] extends { redirectTo: RouteId } ? never : Id;
}[RouteId];

export const routeIds = Object.keys(routeTable) as RouteId[];

/** Whether a route shows a page of its own (else it leads to its `redirectTo`). */
export function isPageRoute(id: RouteId): id is PageRouteId {
  return !('redirectTo' in routeTable[id]);
}
