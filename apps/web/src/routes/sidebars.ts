import type { UserType } from '@ipportal/domain';
import type { RouteId, SidebarType, TitleKey } from './route-table';

export type SidebarIcon =
  | 'plus'
  | 'folder'
  | 'inbox'
  | 'clock'
  | 'file'
  | 'calendar'
  | 'chat'
  | 'building'
  | 'account'
  | 'back'
  | 'mail'
  | 'history'
  | 'invoice';

/**
 * i18n key of a sidebar text, or the title of the route it links to when the entry reads the same:
 * the words are then kept once (the shell's texts load with /login).
 */
export type SidebarTextKey = `sidebar.${string}` | TitleKey;

export type SidebarItem =
  /** A link to a route of the table; params come from the current route (request-detail). */
  | {
      kind: 'link';
      textKey: SidebarTextKey;
      icon: SidebarIcon;
      to: RouteId;
      disabled?: true;
      /** Shown to this user type only (besides the route's own conditions). */
      onlyFor?: UserType;
      /**
       * A request's page only its addressed office opens on the office side: the concierge that
       * coordinates the request reads its mails, chat and history, never the office's deadlines,
       * deliverables or estimates (docs/adr/0019-concierge.md), so it is not offered those.
       */
      addressedOfficeOnly?: true;
    }
  /** A button. */
  | { kind: 'action'; textKey: SidebarTextKey; icon: SidebarIcon; action: 'createMatter' | 'backToTop' }
  /** An entry whose page does not exist yet: shown disabled. */
  | { kind: 'unavailable'; textKey: SidebarTextKey; icon: SidebarIcon };

export type VisibleSidebarType = Exclude<SidebarType, 'none'>;

/**
 * The entries of each sidebar. Links name routes of the table; a link is shown only when the
 * user meets its route's access conditions (organization setup / management for clients, the
 * office profile for offices). Every sidebar but the main one starts with the way back to the top.
 */
export const sidebars: Record<VisibleSidebarType, readonly SidebarItem[]> = {
  default: [
    { kind: 'action', textKey: 'sidebar.createMatter', icon: 'plus', action: 'createMatter' },
    { kind: 'link', textKey: 'route.projects', icon: 'folder', to: 'projects' },
    { kind: 'link', textKey: 'route.requests', icon: 'inbox', to: 'requests' },
    { kind: 'link', textKey: 'route.terms', icon: 'clock', to: 'terms' },
    { kind: 'link', textKey: 'route.deliverables', icon: 'file', to: 'deliverables' },
    // Clients pay invoices; offices draft and issue them (the firm-invoice pages).
    {
      kind: 'link',
      textKey: 'sidebar.invoiceManage',
      icon: 'invoice',
      to: 'invoiceManage',
      onlyFor: 'REGULAR',
    },
    { kind: 'link', textKey: 'sidebar.invoiceManage', icon: 'invoice', to: 'firmInvoices' },
    { kind: 'link', textKey: 'route.pension', icon: 'calendar', to: 'pension' },
    { kind: 'link', textKey: 'route.chat', icon: 'chat', to: 'chat' },
    { kind: 'link', textKey: 'route.organizationCreate', icon: 'building', to: 'organizationCreate' },
    { kind: 'link', textKey: 'sidebar.organizationManage', icon: 'building', to: 'organizationManage' },
    { kind: 'link', textKey: 'sidebar.partnerFirm', icon: 'building', to: 'partnerFirm' },
  ],
  'request-detail': [
    { kind: 'action', textKey: 'sidebar.backToTop', icon: 'back', action: 'backToTop' },
    { kind: 'link', textKey: 'route.requestMails', icon: 'mail', to: 'requestMails' },
    // The request's chat room (one per request).
    { kind: 'link', textKey: 'route.chat', icon: 'chat', to: 'chatRoom' },
    {
      kind: 'link',
      textKey: 'route.requestTerms',
      icon: 'clock',
      to: 'requestTerms',
      addressedOfficeOnly: true,
    },
    {
      kind: 'link',
      textKey: 'route.requestDeliverables',
      icon: 'file',
      to: 'requestDeliverables',
      addressedOfficeOnly: true,
    },
    {
      kind: 'link',
      textKey: 'route.requestEstimateBill',
      icon: 'invoice',
      to: 'requestEstimateBill',
      addressedOfficeOnly: true,
    },
    { kind: 'link', textKey: 'route.requestHistory', icon: 'history', to: 'requestHistory' },
  ],
  'user-invoice': [
    { kind: 'action', textKey: 'sidebar.backToTop', icon: 'back', action: 'backToTop' },
    { kind: 'link', textKey: 'sidebar.invoiceManage', icon: 'invoice', to: 'invoiceManage' },
    { kind: 'link', textKey: 'route.collectivePayments', icon: 'invoice', to: 'collectivePayments' },
    { kind: 'link', textKey: 'route.paymentHistory', icon: 'history', to: 'paymentHistory' },
    { kind: 'link', textKey: 'route.issueHistory', icon: 'history', to: 'issueHistory' },
    { kind: 'link', textKey: 'route.unpaidInvoices', icon: 'file', to: 'unpaidInvoices' },
    { kind: 'link', textKey: 'route.paidInvoices', icon: 'file', to: 'paidInvoices' },
  ],
  // The office's side: estimates it sent, invoices from draft to overdue, the transfers it
  // received (matched or not), and the billing details every invoice prints.
  'firm-invoice': [
    { kind: 'action', textKey: 'sidebar.backToTop', icon: 'back', action: 'backToTop' },
    { kind: 'link', textKey: 'route.firmEstimates', icon: 'file', to: 'firmEstimates' },
    { kind: 'link', textKey: 'route.firmInvoiceDrafts', icon: 'file', to: 'firmInvoiceDrafts' },
    { kind: 'link', textKey: 'route.firmIssuedInvoices', icon: 'invoice', to: 'firmIssuedInvoices' },
    { kind: 'link', textKey: 'route.firmOverdueInvoices', icon: 'clock', to: 'firmOverdueInvoices' },
    { kind: 'link', textKey: 'route.firmPayments', icon: 'invoice', to: 'firmPayments' },
    { kind: 'link', textKey: 'route.firmBillingProfile', icon: 'building', to: 'firmBillingProfile' },
  ],
  'organization-manage': [
    { kind: 'link', textKey: 'sidebar.organizationUsers', icon: 'account', to: 'organizationUsers' },
  ],
};

export { sidebarTypeOf } from './sidebar-type';
