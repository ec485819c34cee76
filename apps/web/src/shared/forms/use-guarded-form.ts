import { useUnsavedChanges } from '../unsaved-changes';
import { useForm } from './use-form';
import type { UseFormOptions, UseFormReturn } from './use-form';

type FormValues = object;

/**
 * `useForm` for a form whose input would be lost by leaving: while it is dirty, closing its
 * dialog or leaving the page asks first (`useUnsavedChanges`). A form that saved calls `reset` in
 * the update that closes or moves on. Apart from `useForm` so /login's first download does not
 * carry the dialog the guard needs.
 */
export function useGuardedForm<V extends FormValues>(
  options: UseFormOptions<V> & { guardWhile?: boolean },
): UseFormReturn<V> {
  const form = useForm(options);
  useUnsavedChanges((options.guardWhile ?? true) && form.formState.isDirty);
  return form;
}
