import type { PageRouteId } from '../routes/route-table';
import { publicPages } from './public-pages';
import type { PageLoader } from './public-pages';

export type { PageLoader } from './public-pages';

/**
 * The page of every route that has one, each loaded lazily. The router takes the pages of
 * signed-out visitors from `public-pages.ts` and the others from here through the signed-in chunk,
 * so /login's first download does not carry the loaders (and preload lists) of every page. Kept apart from the
 * route table so the table stays data that features may read (`pathTo`) without importing
 * pages back. `satisfies` makes a route without a page, and a page for a route that is not in
 * the table or that leads to another route, a type error.
 */
export const routePages = {
  home: () => import('../features/projects/projects-page').then((m) => m.ProjectsPage),
  projects: () => import('../features/projects/projects-page').then((m) => m.ProjectsPage),
  requests: () => import('../features/requests/requests-page').then((m) => m.RequestsPage),
  requestMails: () => import('../features/requests/request-mails-page').then((m) => m.RequestMailsPage),
  requestTerms: () => import('../features/requests/request-terms-page').then((m) => m.RequestTermsPage),
  requestDeliverables: () =>
    import('../features/requests/request-deliverables-page').then((m) => m.RequestDeliverablesPage),
  requestEstimateBill: () =>
    import('../features/requests/request-estimate-bill-page').then((m) => m.RequestEstimateBillPage),
  requestHistory: () => import('../features/requests/request-history-page').then((m) => m.RequestHistoryPage),
  estimate: () => import('./client-billing-pages').then((m) => m.EstimatePage),
  invoice: () => import('./client-billing-pages').then((m) => m.InvoicePage),
  terms: () => import('../features/terms/terms-page').then((m) => m.TermsPage),
  termsNotification: () =>
    import('../features/terms/terms-notification-page').then((m) => m.TermsNotificationPage),
  termsCalendar: () => import('../features/terms/terms-calendar-page').then((m) => m.TermsCalendarPage),
  pension: () => import('../features/pension/pension-page').then((m) => m.PensionPage),
  pensionNotification: () =>
    import('../features/pension/pension-notification-page').then((m) => m.PensionNotificationPage),
  profile: () => import('../features/account/profile-page').then((m) => m.ProfilePage),
  passwordChange: () => import('../features/account/password-change-page').then((m) => m.PasswordChangePage),
  editProfile: () => import('../features/account/edit-profile-page').then((m) => m.EditProfilePage),
  partnerFirm: () => import('../features/partner-firm/partner-firm-page').then((m) => m.PartnerFirmPage),
  editPartnerFirm: () =>
    import('../features/partner-firm/edit-partner-firm-page').then((m) => m.EditPartnerFirmPage),
  unpaidInvoices: () => import('./client-billing-pages').then((m) => m.UnpaidInvoicesPage),
  paidInvoices: () => import('./client-billing-pages').then((m) => m.PaidInvoicesPage),
  collectivePayments: () => import('./client-billing-pages').then((m) => m.CollectivePaymentsPage),
  paymentHistory: () => import('./client-billing-pages').then((m) => m.PaymentHistoryPage),
  issueHistory: () => import('./client-billing-pages').then((m) => m.IssueHistoryPage),
  firmEstimates: () => import('../features/billing-office/firm-pages').then((m) => m.FirmEstimatesPage),
  firmInvoiceDrafts: () =>
    import('../features/billing-office/firm-pages').then((m) => m.FirmInvoiceDraftsPage),
  firmIssuedInvoices: () =>
    import('../features/billing-office/firm-pages').then((m) => m.FirmIssuedInvoicesPage),
  firmOverdueInvoices: () =>
    import('../features/billing-office/firm-pages').then((m) => m.FirmOverdueInvoicesPage),
  firmPayments: () => import('../features/billing-office/firm-pages').then((m) => m.FirmPaymentsPage),
  firmBillingProfile: () => import('../features/billing-office/firm-pages').then((m) => m.BillingProfilePage),
  chat: () => import('../features/chat/chat-page').then((m) => m.ChatPage),
  chatRoom: () => import('../features/chat/chat-page').then((m) => m.ChatPage),
  deliverables: () => import('../features/deliverables/deliverables-page').then((m) => m.DeliverablesPage),
  organizationCreate: () =>
    import('../features/organization/organization-create-page').then((m) => m.OrganizationCreatePage),
  organizationUsers: () =>
    import('../features/organization/organization-users-page').then((m) => m.OrganizationUsersPage),
  organizationInvitation: () =>
    import('../features/organization/organization-invitation-page').then((m) => m.OrganizationInvitationPage),
  ...publicPages,
} satisfies Record<PageRouteId, PageLoader>;
