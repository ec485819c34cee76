/*
 * Payments (一括支払い): one module per operation. The sequences that write (record, match,
 * confirm) are use cases (use-cases/record-client-payment.ts and the others beside it); every
 * write locks its rows first (locks.ts) and checks the allocations under the lock
 * (allocation-rules.ts).
 */
export { lockAllocatable, numbersOf, type AllocationRefusal } from './allocation-rules.js';
export { allocatedSums, allocationsOf, insertAllocations, replaceAllocations } from './allocations.js';
export { findBilledClient } from './billed-client.js';
export { listCounterparties } from './counterparties.js';
export { recordAllocationHistory, recordConfirmHistory } from './history.js';
export { listPayments } from './list.js';
export {
  lockInvoices,
  lockOwnUnconfirmed,
  type Allocation,
  type Billed,
  type LockedInvoice,
  type PaymentRecord,
} from './locks.js';
export { markInvoicePaid } from './mark-paid.js';
export { getPayment, readPayment } from './read.js';
export { insertPayment, markPaymentConfirmed, touchPayment, type TransferFields } from './write.js';
