import { useToast } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../../shared/failure-reason';
import { serverFieldErrors } from './billing-format';

/**
 * The field errors of one billing form: a 400 answer's `errors` shown on the fields (the first
 * focused), anything else (a refusal such as "not a draft", the network) in a toast.
 */
export function useFieldErrors(formId: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const report = (error: unknown, failedKey: string) => {
    const found = serverFieldErrors(error);
    const paths = Object.keys(found);
    if (paths.length > 0) {
      setErrors(found);
      const first = document.getElementById(`${formId}-${paths[0]}`);
      first?.focus();
      toast.error(t('billingOffice.common.checkFields'));
      return;
    }
    toast.error(t(failedKey), { detail: failureReason(error) });
  };
  const clear = (path?: string) =>
    setErrors((current) => {
      if (path === undefined) return {};
      if (!(path in current)) return current;
      const next = { ...current };
      delete next[path];
      return next;
    });
  return { errors, setErrors, report, clear };
}
