import { useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../../shared/failure-reason';
import { hasFieldErrors } from '../../shared/forms/field-errors';
import { serverFieldErrors } from '../../shared/forms/server-refusals';
import type { UseFormReturn } from '../../shared/forms/use-form';

/**
 * How a billing form reports a failed call: a 400 answer's `errors` on the fields (the form
 * focuses the first), anything else (a refusal such as "not a draft", the network) in a toast.
 * Also the errors as texts by path, for the line and allocation editors.
 */
export function useFieldErrors<V extends object>(form: UseFormReturn<V>) {
  const { t } = useTranslation();
  const toast = useToast();
  const report = (error: unknown, failedKey: string) => {
    const found = serverFieldErrors(error);
    if (hasFieldErrors(found)) {
      form.setFieldErrors(found);
      toast.error(t('billingOffice.common.checkFields'));
      return;
    }
    toast.error(t(failedKey), { detail: failureReason(error) });
  };
  const errors: Record<string, string> = {};
  for (const path of Object.keys(form.formState.errors)) {
    const text = form.errorText(path);
    if (text) errors[path] = text;
  }
  return { errors, report };
}
