import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changedFrom } from '../changed-from';
import { hasFieldErrors } from './field-errors';
import type { FieldMessage, FormErrors } from './field-errors';
import { focusFirstInvalid } from './focus-first-invalid';
import type { FocusField } from './focus-first-invalid';

// The one way a form is wired here: values, their errors, submitting and dirty state in one hook
// shaped like react-hook-form's (`useForm`, `field(name)` like `register`, `handleSubmit`,
// `formState`, `setError`, `reset`), small enough for /login's first download (see the forms ADR).
// It imports no validation library: a resolver brings its own, and may load it on submit.

// Any object type, an interface too (those have no index signature).
type FormValues = object;
export type FieldName<V> = keyof V & string;

/** Checks the values on submit; errors keyed by field name. May load its schemas lazily. */
export type Resolver<V> = (values: V) => FormErrors<FieldName<V>> | Promise<FormErrors<FieldName<V>>>;

export interface UseFormOptions<V extends FormValues> {
  defaultValues: V;
  /** Element ids of the fields: `${ids}-${name}` for a prefix, or one per field. */
  ids: string | { [K in FieldName<V>]?: string };
  /** The fields as they come on the page, for focus on a failed submit; default: `defaultValues`' order. */
  fieldOrder?: readonly FieldName<V>[];
  resolver?: Resolver<V>;
  /** Per field: the value as checked and sent (e.g. full-width digits to half width); shown as typed. */
  normalize?: { [K in FieldName<V>]?: (value: V[K]) => V[K] };
  /** Per field: how to focus it when it is not one element with its id (a radio group). */
  focus?: { [K in FieldName<V>]?: FocusField };
  /** Runs with the normalized values once the resolver found nothing. */
  onSubmit: (values: V) => void | Promise<void>;
  /** Runs when the resolver or `onSubmit` throws (a lazy import failed); without it the error propagates. */
  onFailure?: (error: unknown) => void | Promise<void>;
}

/** What `field(name)` gives a control: spread it (`<TextField {...form.field('email')} />`). */
export interface FieldProps<T> {
  id: string;
  name: string;
  value: T;
  onChange: (input: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement> | T) => void;
  /** The message in the interface language, or undefined. */
  error: string | undefined;
}

export interface FormState<V> {
  errors: FormErrors<FieldName<V>>;
  isSubmitting: boolean;
  /** The values differ from the defaults (or from the last `reset`). */
  isDirty: boolean;
}

export interface UseFormReturn<V extends FormValues> {
  values: V;
  field: <K extends FieldName<V>>(name: K) => FieldProps<V[K]>;
  /** Changes a value and clears its error (and its rows' errors, for a list). */
  setValue: <K extends FieldName<V>>(name: K, value: V[K]) => void;
  /** Changes several values at once, clearing their errors. */
  setValues: (changes: Partial<V>) => void;
  handleSubmit: (event?: FormEvent) => Promise<void>;
  formState: FormState<V>;
  /** A field's or a path's message in the interface language. */
  errorText: (path: FieldName<V> | (string & {})) => string | undefined;
  /** Shows these errors instead of the current ones and focuses the first (e.g. the server's refusals). */
  setFieldErrors: (errors: FormErrors<FieldName<V>>) => void;
  /** Adds one field's error; focuses it unless told not to. */
  setError: (
    path: FieldName<V> | (string & {}),
    message: FieldMessage,
    options?: { focus?: boolean },
  ) => void;
  /** Clears one path's error (and its rows'), or all. */
  clearErrors: (path?: FieldName<V> | (string & {})) => void;
  /** New starting values (the current ones by default): clean, without errors. */
  reset: (values?: V) => void;
  idOf: (path: FieldName<V> | (string & {})) => string;
}

function isChangeEvent(input: unknown): input is ChangeEvent<HTMLInputElement> {
  return typeof input === 'object' && input !== null && 'nativeEvent' in input;
}

function withoutPath(errors: FormErrors, path: string): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => key !== path && !key.startsWith(`${path}.`)),
  );
}

export function useForm<V extends FormValues>(options: UseFormOptions<V>): UseFormReturn<V> {
  const { t } = useTranslation();
  const [defaults, setDefaults] = useState(options.defaultValues);
  const [values, setValuesState] = useState(options.defaultValues);
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // Read by handlers between renders: the latest values.
  const latest = useRef(values);
  // Focus waits for the render that shows the errors (a field disabled while submitting is enabled again).
  const [focusRequest, setFocusRequest] = useState<FormErrors | null>(null);

  const fieldOrder = options.fieldOrder ?? (Object.keys(options.defaultValues) as FieldName<V>[]);
  const idOf = (path: string): string => {
    const { ids } = options;
    return typeof ids === 'string' ? `${ids}-${path}` : ((ids as Record<string, string>)[path] ?? path);
  };

  useEffect(() => {
    if (!focusRequest) return;
    focusFirstInvalid(focusRequest, fieldOrder, idOf, options.focus);
    // Only a new request focuses; the options are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const update = (changes: Partial<V>) => {
    latest.current = { ...latest.current, ...changes };
    setValuesState(latest.current);
    setErrors((current) => Object.keys(changes).reduce(withoutPath, current));
  };
  const setValue = <K extends FieldName<V>>(name: K, value: V[K]) =>
    update({ [name]: value } as unknown as Partial<V>);

  const showErrors = (found: FormErrors) => {
    setErrors(found);
    if (hasFieldErrors(found)) setFocusRequest(found);
  };

  const normalized = (current: V): V => {
    const result = { ...current } as Record<string, unknown>;
    for (const [name, normalize] of Object.entries(options.normalize ?? {})) {
      if (normalize) result[name] = (normalize as (value: unknown) => unknown)(result[name]);
    }
    return result as V;
  };

  const errorText = (path: string): string | undefined => {
    const message = errors[path];
    if (message === undefined) return undefined;
    return typeof message === 'string' ? message : t(message.key, message.params ?? {});
  };

  async function handleSubmit(event?: FormEvent) {
    event?.preventDefault();
    // A submit under way has rendered the form busy: a second press waits for it.
    if (isSubmitting) return;
    setSubmitting(true);
    try {
      const checked = normalized(latest.current);
      const found = options.resolver ? await options.resolver(checked) : {};
      showErrors(found);
      if (!hasFieldErrors(found)) await options.onSubmit(checked);
    } catch (error) {
      if (!options.onFailure) throw error;
      await options.onFailure(error);
    } finally {
      setSubmitting(false);
    }
  }

  return {
    values,
    field: (name) => ({
      id: idOf(name),
      name,
      value: values[name],
      onChange: (input) =>
        setValue(name, (isChangeEvent(input) ? input.target.value : input) as V[typeof name]),
      error: errorText(name),
    }),
    setValue,
    setValues: update,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty: changedFrom(defaults, values) },
    errorText,
    setFieldErrors: showErrors,
    setError: (path, message, { focus = true } = {}) => {
      setErrors((current) => ({ ...current, [path]: message }));
      if (focus) setFocusRequest({ [path]: message });
    },
    clearErrors: (path) => setErrors((current) => (path === undefined ? {} : withoutPath(current, path))),
    reset: (next = latest.current) => {
      latest.current = next;
      setDefaults(next);
      setValuesState(next);
      setErrors({});
    },
    idOf,
  };
}
