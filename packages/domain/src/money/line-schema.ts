import { z } from 'zod';
import { ValidationMessage } from '../validation/messages.js';
import { normalizeAmountText } from '../validation/normalize.js';
import { requiredText } from '../validation/primitives.js';
import { computeLine } from './line-amount.js';
import type { TaxClass } from '../codes/codes.js';
import { taxClassValues } from './tax-class.js';

export const maxLines = 100;
export const maxQuantity = 1_000_000;
/** Far above any IP invoice line; keeps every sum of 100 lines an exact JS integer. */
export const maxLineAmountYen = 1_000_000_000_000;

const quantityPattern = /^\d+(\.\d{1,3})?$/;
const yenPricePattern = /^-?\d+$/;
const foreignPricePattern = /^-?\d+(\.\d{1,2})?$/;
const ratePattern = /^\d+(\.\d{1,4})?$/;

/** Text with more than digits, '.' and '-' after normalizing asks for half-width digits. */
function notNumberMessage(text: string): ValidationMessage {
  return /^[-\d.]*$/.test(text) ? ValidationMessage.invalidNumber : ValidationMessage.halfWidthNumber;
}

/**
 * A decimal as typed (full-width digits, a typed minus sign, thousands separators: '３００，０００'),
 * kept as text: never a float.
 */
const decimalText = z.string({ error: ValidationMessage.invalidNumber }).overwrite(normalizeAmountText);

const quantitySchema = decimalText.refine(
  (value) => quantityPattern.test(value) && Number(value) > 0 && Number(value) <= maxQuantity,
  { error: ValidationMessage.numberRange, params: { min: 0, max: maxQuantity } },
);

const exchangeRateSchema = decimalText
  .refine((value) => ratePattern.test(value) && Number(value) > 0, {
    error: (issue) => notNumberMessage(String(issue.input)),
  })
  .nullable();

/**
 * One invoice or estimate line. The unit price's decimals depend on the currency (JPY has none),
 * the exchange rate is required exactly for foreign currencies, and the line's yen amount is
 * bounded, so these are checked on the whole line.
 */
export const lineInputSchema = z
  // Strict: a line's computed fields (amountYen, foreignAmount) sent by a client are refused (400).
  .strictObject({
    description: requiredText(500),
    quantity: quantitySchema,
    unitPrice: decimalText,
    taxClass: z.enum(taxClassValues as [TaxClass, ...TaxClass[]], { error: ValidationMessage.invalidValue }),
    currency: z
      .string({ error: ValidationMessage.required })
      .regex(/^[A-Z]{3}$/, { error: ValidationMessage.invalidCurrency }),
    exchangeRate: exchangeRateSchema,
  })
  .superRefine((line, ctx) => {
    const foreign = line.currency !== 'JPY';
    if (foreign && line.exchangeRate === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['exchangeRate'],
        message: ValidationMessage.exchangeRateRequired,
      });
    }
    if (!foreign && line.exchangeRate !== null) {
      ctx.addIssue({ code: 'custom', path: ['exchangeRate'], message: ValidationMessage.invalidValue });
    }
    const pricePattern = foreign ? foreignPricePattern : yenPricePattern;
    if (!pricePattern.test(line.unitPrice)) {
      const fractionalYen = !foreign && foreignPricePattern.test(line.unitPrice);
      ctx.addIssue({
        code: 'custom',
        path: ['unitPrice'],
        message: fractionalYen ? ValidationMessage.wholeYen : notNumberMessage(line.unitPrice),
      });
    }
    // zod runs this even when a field failed: bound the amount only of a line that has one.
    const computable =
      quantityPattern.test(line.quantity) &&
      pricePattern.test(line.unitPrice) &&
      (!foreign || (line.exchangeRate !== null && ratePattern.test(line.exchangeRate)));
    if (!computable) return;
    const { amountYen } = computeLine(line);
    if (Math.abs(amountYen) > maxLineAmountYen) {
      ctx.addIssue({
        code: 'custom',
        path: ['unitPrice'],
        message: ValidationMessage.numberRange,
        params: { min: -maxLineAmountYen, max: maxLineAmountYen },
      });
    }
  });

/** The lines of one invoice or estimate: 1 to 100. */
export const linesSchema = z
  .array(lineInputSchema)
  .min(1, { error: ValidationMessage.required })
  .max(maxLines, { error: ValidationMessage.tooLong });
