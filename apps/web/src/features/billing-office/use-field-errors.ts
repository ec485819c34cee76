import { useToast } from '@ipportal/ui';
import { useEffect, useState } from 'react';
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
  // Focused once rendered: the fields may still be disabled while the request settles.
  const [focus, setFocus] = useState<{ path: string } | null>(null);
  useEffect(() => {
    if (focus) document.getElementById(`${formId}-${focus.path}`)?.focus();
  }, [focus, formId]);
  const report = (error: unknown, failedKey: string) => {
    const found = serverFieldErrors(error);
    const paths = Object.keys(found);
    if (paths.length > 0) {
      setErrors(found);
      setFocus({ path: paths[0] ?? '' });
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
