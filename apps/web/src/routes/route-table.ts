import type { ComponentType } from 'react';

/** Which sidebar a route shows (spec section 2); `none` shows no sidebar. */
export type SidebarType =
  'default' | 'request-detail' | 'user-invoice' | 'firm-invoice' | 'organization-manage' | 'none';

/**
 * The invoice routes are shared by both user types: clients see the user-invoice sidebar, firms
 * the firm-invoice one.
 */
export interface SidebarByUserType {
  REGULAR: SidebarType;
  PATENT: SidebarType;
}

/** `blank` has no header, sidebar or footer: printable documents (estimates, invoices). */
export type LayoutType = 'default' | 'blank';

/** Extra conditions of protected routes (spec section 6). */
export type AccessCondition =
  /** REGULAR users without organizationId (/organization/create). */
  | 'regularWithoutOrganization'
  /** Users with organizationId and roleInOrganizationCode 0 (/organization/manage, /organization/users). */
  | 'organizationAdmin';

export type Access =
  /** Signed-out users only; a signed-in user goes to / (or to the `redirect` query target). */
  | { kind: 'public' }
  /** Signed-in users who meet every condition; others go to /login, or to / when a condition fails. */
  | { kind: 'protected'; conditions: readonly AccessCondition[] }
  /** Everyone (the not-found page). */
  | { kind: 'any' };

export type PageModule = () => Promise<ComponentType>;

export type RouteId =
  | 'home'
  | 'projects'
  | 'requests'
  | 'requestDetail'
  | 'requestMails'
  | 'requestTerms'
  | 'requestDeliverables'
  | 'requestEstimateBill'
  | 'requestHistory'
  | 'estimate'
  | 'invoice'
  | 'terms'
  | 'termsNotification'
  | 'pension'
  | 'pensionNotification'
  | 'profile'
  | 'passwordChange'
  | 'editProfile'
  | 'partnerFirm'
  | 'editPartnerFirm'
  | 'invoiceManage'
  | 'unpaidInvoices'
  | 'paidInvoices'
  | 'chat'
  | 'deliverables'
  | 'organizationCreate'
  | 'organizationManage'
  | 'organizationUsers'
  | 'organizationInvitation'
  | 'signup'
  | 'verify'
  | 'login'
  | 'passwordReset'
  | 'notFound';

/** i18n key of a route title. */
export type TitleKey = `route.${string}`;

export interface RouteDefinition {
  /** react-router path pattern; `*` only for the not-found route. */
  path: string;
  /** Translated into the header title and the document title; null shows no title. */
  titleKey: TitleKey | null;
  sidebar: SidebarType | SidebarByUserType;
  layout: LayoutType;
  access: Access;
  /** The lazily loaded page, or the route this path leads to (same params, same query). */
  page: { load: PageModule } | { redirectTo: RouteId };
}

const signedIn = { kind: 'protected', conditions: [] } as const satisfies Access;
const publicOnly = { kind: 'public' } as const satisfies Access;

const invoiceSidebar = {
  REGULAR: 'user-invoice',
  PATENT: 'firm-invoice',
} as const satisfies SidebarByUserType;

/**
 * Every route of the portal (spec section 2). The router, the guards, the document title, the
 * header title, the breadcrumb and the sidebars all read this table; paths are built from it
 * (see `paths.ts`) and never written anywhere else.
 */
export const routeTable = {
  home: {
    path: '/',
    titleKey: 'route.projects',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: { load: () => import('../features/projects/projects-page').then((m) => m.ProjectsPage) },
  },
  projects: {
    path: '/projects',
    titleKey: 'route.projects',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: { load: () => import('../features/projects/projects-page').then((m) => m.ProjectsPage) },
  },
  requests: {
    path: '/requests',
    titleKey: 'route.requests',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: { load: () => import('../features/requests/requests-page').then((m) => m.RequestsPage) },
  },
  requestDetail: {
    path: '/requests/:projectId/:requestId',
    titleKey: null,
    sidebar: 'request-detail',
    layout: 'default',
    access: signedIn,
    page: { redirectTo: 'requestMails' },
  },
  requestMails: {
    path: '/requests/:projectId/:requestId/mails',
    titleKey: 'route.requestMails',
    sidebar: 'request-detail',
    layout: 'default',
    access: signedIn,
    page: { load: () => import('../features/requests/request-mails-page').then((m) => m.RequestMailsPage) },
  },
  requestTerms: {
    path: '/requests/:projectId/:requestId/terms',
    titleKey: 'route.requestTerms',
    sidebar: 'request-detail',
    layout: 'default',
    access: signedIn,
    page: { load: () => import('../features/requests/request-terms-page').then((m) => m.RequestTermsPage) },
  },
  requestDeliverables: {
    path: '/requests/:projectId/:requestId/deliverables',
    titleKey: 'route.requestDeliverables',
    sidebar: 'request-detail',
    layout: 'default',
    access: signedIn,
    page: {
      load: () =>
        import('../features/requests/request-deliverables-page').then((m) => m.RequestDeliverablesPage),
    },
  },
  requestEstimateBill: {
    path: '/requests/:projectId/:requestId/estimate-bill',
    titleKey: 'route.requestEstimateBill',
    sidebar: 'request-detail',
    layout: 'default',
    access: signedIn,
    page: {
      load: () =>
        import('../features/requests/request-estimate-bill-page').then((m) => m.RequestEstimateBillPage),
    },
  },
  requestHistory: {
    path: '/requests/:projectId/:requestId/history',
    titleKey: 'route.requestHistory',
    sidebar: 'request-detail',
    layout: 'default',
    access: signedIn,
    page: {
      load: () => import('../features/requests/request-history-page').then((m) => m.RequestHistoryPage),
    },
  },
  estimate: {
    path: '/estimates/:projectId/:requestId/:dealId',
    titleKey: 'route.estimate',
    sidebar: 'none',
    layout: 'blank',
    access: signedIn,
    page: { load: () => import('../features/estimates/estimate-page').then((m) => m.EstimatePage) },
  },
  invoice: {
    path: '/invoices/:invoiceId',
    titleKey: 'route.invoice',
    sidebar: 'none',
    layout: 'blank',
    access: signedIn,
    page: { load: () => import('../features/invoices/invoice-page').then((m) => m.InvoicePage) },
  },
  terms: {
    path: '/terms',
    titleKey: 'route.terms',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: { load: () => import('../features/terms/terms-page').then((m) => m.TermsPage) },
  },
  termsNotification: {
    path: '/terms/notification',
    titleKey: 'route.termsNotification',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: {
      load: () => import('../features/terms/terms-notification-page').then((m) => m.TermsNotificationPage),
    },
  },
  pension: {
    path: '/pension',
    titleKey: 'route.pension',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: { load: () => import('../features/pension/pension-page').then((m) => m.PensionPage) },
  },
  pensionNotification: {
    path: '/pension/notification',
    titleKey: 'route.pensionNotification',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: {
      load: () =>
        import('../features/pension/pension-notification-page').then((m) => m.PensionNotificationPage),
    },
  },
  profile: {
    path: '/profile',
    titleKey: 'route.profile',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: { load: () => import('../features/account/profile-page').then((m) => m.ProfilePage) },
  },
  passwordChange: {
    path: '/profile/password-change',
    titleKey: 'route.passwordChange',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: {
      load: () => import('../features/account/password-change-page').then((m) => m.PasswordChangePage),
    },
  },
  editProfile: {
    path: '/edit-profile',
    titleKey: 'route.editProfile',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: { load: () => import('../features/account/edit-profile-page').then((m) => m.EditProfilePage) },
  },
  partnerFirm: {
    path: '/partner-firm',
    titleKey: 'route.partnerFirm',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: { load: () => import('../features/partner-firm/partner-firm-page').then((m) => m.PartnerFirmPage) },
  },
  editPartnerFirm: {
    path: '/edit-partner-firm',
    titleKey: 'route.editPartnerFirm',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: {
      load: () =>
        import('../features/partner-firm/edit-partner-firm-page').then((m) => m.EditPartnerFirmPage),
    },
  },
  invoiceManage: {
    path: '/invoice/manage',
    titleKey: null,
    sidebar: invoiceSidebar,
    layout: 'default',
    access: signedIn,
    page: { redirectTo: 'unpaidInvoices' },
  },
  unpaidInvoices: {
    path: '/invoice/unpaid-invoice-list',
    titleKey: 'route.unpaidInvoices',
    sidebar: invoiceSidebar,
    layout: 'default',
    access: signedIn,
    page: {
      load: () => import('../features/invoices/unpaid-invoices-page').then((m) => m.UnpaidInvoicesPage),
    },
  },
  paidInvoices: {
    path: '/invoice/paid-invoice-list',
    titleKey: 'route.paidInvoices',
    sidebar: invoiceSidebar,
    layout: 'default',
    access: signedIn,
    page: { load: () => import('../features/invoices/paid-invoices-page').then((m) => m.PaidInvoicesPage) },
  },
  chat: {
    path: '/chat',
    titleKey: 'route.chat',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: { load: () => import('../features/chat/chat-page').then((m) => m.ChatPage) },
  },
  deliverables: {
    path: '/deliverables',
    titleKey: 'route.deliverables',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: {
      load: () => import('../features/deliverables/deliverables-page').then((m) => m.DeliverablesPage),
    },
  },
  organizationCreate: {
    path: '/organization/create',
    titleKey: 'route.organizationCreate',
    sidebar: 'default',
    layout: 'default',
    access: { kind: 'protected', conditions: ['regularWithoutOrganization'] },
    page: {
      load: () =>
        import('../features/organization/organization-create-page').then((m) => m.OrganizationCreatePage),
    },
  },
  organizationManage: {
    path: '/organization/manage',
    titleKey: null,
    sidebar: 'organization-manage',
    layout: 'default',
    access: { kind: 'protected', conditions: ['organizationAdmin'] },
    page: { redirectTo: 'organizationUsers' },
  },
  organizationUsers: {
    path: '/organization/users',
    titleKey: 'route.organizationUsers',
    sidebar: 'organization-manage',
    layout: 'default',
    access: { kind: 'protected', conditions: ['organizationAdmin'] },
    page: {
      load: () =>
        import('../features/organization/organization-users-page').then((m) => m.OrganizationUsersPage),
    },
  },
  // Not named by the spec: the page an invitation mail links to (token in the query). Signed-out
  // invitees go to /login with it as the redirect target and can sign up from there.
  organizationInvitation: {
    path: '/organization/invitation',
    titleKey: 'route.organizationInvitation',
    sidebar: 'default',
    layout: 'default',
    access: signedIn,
    page: {
      load: () =>
        import('../features/organization/organization-invitation-page').then(
          (m) => m.OrganizationInvitationPage,
        ),
    },
  },
  signup: {
    path: '/signup',
    titleKey: 'route.signup',
    sidebar: 'none',
    layout: 'default',
    access: publicOnly,
    page: { load: () => import('../features/auth/signup-page').then((m) => m.SignupPage) },
  },
  verify: {
    path: '/verify',
    titleKey: 'route.verify',
    sidebar: 'none',
    layout: 'default',
    access: publicOnly,
    page: { load: () => import('../features/auth/verify-page').then((m) => m.VerifyPage) },
  },
  login: {
    path: '/login',
    titleKey: 'route.login',
    sidebar: 'none',
    layout: 'default',
    access: publicOnly,
    page: { load: () => import('../features/auth/login-page').then((m) => m.LoginPage) },
  },
  passwordReset: {
    path: '/login/password-reset',
    titleKey: 'route.passwordReset',
    sidebar: 'none',
    layout: 'default',
    access: publicOnly,
    page: { load: () => import('../features/auth/password-reset-page').then((m) => m.PasswordResetPage) },
  },
  notFound: {
    path: '*',
    titleKey: 'route.notFound',
    sidebar: 'default',
    layout: 'default',
    access: { kind: 'any' },
    page: { load: () => import('../features/shell/not-found-page').then((m) => m.NotFoundPage) },
  },
} as const satisfies Record<RouteId, RouteDefinition>;

export type RouteTable = typeof routeTable;

export const routeIds = Object.keys(routeTable) as RouteId[];

export function routeEntry(id: RouteId): RouteDefinition {
  return routeTable[id];
}
