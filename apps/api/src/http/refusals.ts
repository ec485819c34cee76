import { refusals, type Locale, type Refused } from '@ipportal/domain';
import { HttpError } from './errors.js';
import { serverKey, translate } from './i18n.js';

/**
 * The one mapping of refusals to HTTP errors: the status comes from the domain's table, the
 * reason is the refusal's server message in the caller's language, and a refusal that belongs to
 * an input field (or a set of field problems) answers 400 with those fields named.
 */
export function refusalError(locale: Locale, refused: Refused): HttpError {
  const entry: { status: number; field?: string } = refusals[refused.refused];
  const reason = { key: serverKey(refused.refused), params: refused.params };
  if (refused.problems && refused.problems.length > 0) {
    const errors = refused.problems.map((p) => ({
      path: p.path,
      message: translate(locale, { key: serverKey(p.refusal) }),
    }));
    // One reason for every field heads the message; mixed reasons get the general one.
    const [first, ...rest] = refused.problems;
    const shared = first && rest.every((p) => p.refusal === first.refusal) ? first.refusal : undefined;
    return new HttpError(400, { key: serverKey(shared ?? 'validationFailed') }, errors);
  }
  const field = refused.field ?? entry.field;
  const fieldErrors = field ? [{ path: field, message: translate(locale, reason) }] : undefined;
  return new HttpError(entry.status, reason, fieldErrors);
}
