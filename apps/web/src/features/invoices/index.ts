// What the request detail uses of the client's billing: its estimate/billing tab.
export { ClientBilling } from './request-billing';
