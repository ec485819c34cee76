import { describeIssue, type ApiErrorMessage, type FieldError, type Locale } from '@ipportal/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { AuthError, authFailureMessage } from '../auth/errors.js';
import { HttpError } from '../http/errors.js';
import { serverKey, translate, type Message } from '../http/i18n.js';
import { requestLocale } from '../http/locale.js';

function fieldErrors(locale: Locale, issues: ZodFastifySchemaValidationError[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const base = issue.instancePath.split('/').filter(Boolean).join('.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys as unknown[]) {
        errors.push({
          path: base ? `${base}.${String(key)}` : String(key),
          message: translate(locale, { key: serverKey('unknownField') }),
        });
      }
      continue;
    }
    if (issue.params.origin === 'number' && (issue.keyword === 'too_big' || issue.keyword === 'too_small')) {
      // describeIssue reads a maximum as a text length; numbers (e.g. limit) get their own wording.
      const key = issue.keyword === 'too_big' ? serverKey('numberTooBig') : serverKey('numberTooSmall');
      const params = { max: Number(issue.params.maximum), min: Number(issue.params.minimum) };
      errors.push({ path: base, message: translate(locale, { key, params }) });
      continue;
    }
    const descriptor = describeIssue({
      code: issue.keyword,
      message: issue.message ?? '',
      maximum: issue.params.maximum,
      // A custom issue's own values (e.g. the range of a number), which its message names.
      params: issue.params.params,
    });
    errors.push({ path: base, message: translate(locale, descriptor) });
  }
  return errors;
}

function envelopeMessage(
  locale: Locale,
  failure: ApiErrorMessage | undefined,
  reason: Message | string,
): string {
  const reasonText = typeof reason === 'string' ? reason : translate(locale, reason);
  return failure ? `${translate(locale, { key: failure })}\n${reasonText}` : reasonText;
}

const bodyErrors: Record<string, { status: number; reason: (limit: number) => Message }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, reason: () => ({ key: serverKey('malformedJson') }) },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, reason: () => ({ key: serverKey('emptyJson') }) },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    reason: (max) => ({ key: serverKey('bodyTooLarge'), params: { max } }),
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, reason: () => ({ key: serverKey('unsupportedMediaType') }) },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, reason: () => ({ key: serverKey('badRequest') }) },
};

/**
 * The one error handler. 4xx: `{ hasError: true, message, errors? }` where message is the
 * route's failure message (e.g. "案件の登録に失敗しました") and the reason on the next
 * line, in the caller's language. 5xx: only "Internal Server Error"; the detail goes to the log.
 */
export const errorHandlerPlugin = fp(
  (app, _opts, done) => {
    const bodyLimit = app.config.bodyLimitBytes;
    app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
      const locale = requestLocale(request);
      const failure = request.routeOptions.config.failureMessage;

      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = fieldErrors(locale, error.validation);
        const summary = errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('\n');
        request.log.info(
          { validation: errors, context: (error as FastifyError).validationContext },
          'request rejected by validation',
        );
        return reply.code(400).send({
          hasError: true,
          message: envelopeMessage(
            locale,
            failure,
            summary || translate(locale, { key: serverKey('validationFailed') }),
          ),
          errors,
        });
      }
      if (error instanceof AuthError) {
        request.log.info({ reason: error.reason, detail: error.detail }, 'request not authenticated');
        const head = translate(locale, { key: authFailureMessage[error.reason] });
        const message = error.hint ? `${head}\n${translate(locale, { key: serverKey(error.hint) })}` : head;
        return reply.code(401).send({ hasError: true, message });
      }
      if (error instanceof HttpError) {
        request.log.info({ status: error.statusCode, reason: error.reason.key }, 'request refused');
        return reply.code(error.statusCode).send({
          hasError: true,
          message: envelopeMessage(
            locale,
            error.failure ?? (error.statusCode === 429 ? undefined : failure),
            error.reason,
          ),
          ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        });
      }
      const code = (error as FastifyError).code;
      const known = code ? bodyErrors[code] : undefined;
      if (known) {
        request.log.info({ code }, 'request body refused');
        return reply
          .code(known.status)
          .send({ hasError: true, message: envelopeMessage(locale, failure, known.reason(bodyLimit)) });
      }
      const status = (error as FastifyError).statusCode;
      if (status !== undefined && status >= 400 && status < 500) {
        request.log.info({ err: error }, 'client error');
        return reply.code(status).send({
          hasError: true,
          message: envelopeMessage(locale, failure, { key: serverKey('badRequest') }),
        });
      }
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(status !== undefined && status >= 500 && status < 600 ? status : 500)
        .send({ hasError: true, message: 'Internal Server Error' });
    });
    done();
  },
  { name: 'error-handler', dependencies: ['config'] },
);
