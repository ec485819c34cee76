/**
 * How a right ended for a payment not made in time, as its label reads (「消滅（追納期間経過）」):
 * a JP right whose late-payment (追納) period passed, a JP trademark whose late-renewal period
 * passed, a US patent expired after the grace period, an EP application deemed withdrawn after
 * the grace period; `restorationPassed` closes a restoration deadline left unused, `rightLapsed`
 * and `applicationWithdrawn` close the later payments and the term the lapse made moot.
 */
export const lapseFacts = [
  'jpLatePaymentPassed',
  'jpLateRenewalPassed',
  'usGracePassed',
  'epGracePassed',
  'restorationPassed',
  'rightLapsed',
  'applicationWithdrawn',
] as const;
export type LapseFact = (typeof lapseFacts)[number];
