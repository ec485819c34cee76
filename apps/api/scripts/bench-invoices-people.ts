/** Who bench/api-invoices.ts signs in as (scripts/bench-invoices-server.ts seeds them). */
export const benchClientEmail = 'bench-invoices@example.com';
/** A staff member of the first office, for the office's own list. */
export const benchOfficeEmail = 'bench-invoices-office@example.com';
export const benchPassword = 'Bench-Pass1';
