import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from '@ipportal/api-client';
import type { FormErrors } from '../src/shared/forms/field-errors';
import { serverFieldErrors } from '../src/shared/forms/server-refusals';
import { useForm } from '../src/shared/forms/use-form';
import type { FieldName, Resolver, UseFormReturn } from '../src/shared/forms/use-form';

interface Values {
  name: string;
  amount: string;
  note: string;
}

const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: {
    en: { translation: { required: 'Enter it', tooLong: 'At most {{max}} characters' } },
    ja: { translation: { required: '入力してください', tooLong: '{{max}}文字以内' } },
  },
  interpolation: { escapeValue: false },
});

function requireAll(values: Values): FormErrors<FieldName<Values>> {
  const errors: FormErrors<FieldName<Values>> = {};
  if (!values.name) errors.name = { key: 'required' };
  if (!values.amount) errors.amount = { key: 'required' };
  if (values.note.length > 5) errors.note = { key: 'tooLong', params: { max: 5 } };
  return errors;
}

function TestForm({
  resolver = requireAll,
  onSubmit = () => undefined,
  expose,
}: {
  resolver?: Resolver<Values>;
  onSubmit?: (values: Values) => void | Promise<void>;
  expose?: (form: UseFormReturn<Values>) => void;
}) {
  const form = useForm<Values>({
    defaultValues: { name: '', amount: '', note: '' },
    ids: 'test',
    // The page shows the amount first.
    fieldOrder: ['amount', 'name', 'note'],
    resolver,
    normalize: {
      amount: (value) =>
        value.replace(/[０-９]/g, (d: string) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)),
    },
    onSubmit,
  });
  expose?.(form);
  const input = (name: FieldName<Values>) => {
    const { error, ...props } = form.field(name);
    return (
      <div>
        <label htmlFor={props.id}>{name}</label>
        <input {...props} value={String(props.value)} aria-describedby={`${props.id}-error`} />
        <span id={`${props.id}-error`}>{error}</span>
      </div>
    );
  };
  return (
    <I18nextProvider i18n={i18n}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        {input('amount')}
        {input('name')}
        {input('note')}
        <p>{form.formState.isDirty ? 'dirty' : 'clean'}</p>
        <p>{form.formState.isSubmitting ? 'submitting' : 'idle'}</p>
        <button type="submit">Save</button>
      </form>
    </I18nextProvider>
  );
}

describe('useForm', () => {
  it('checks on submit, shows translated messages and focuses the first invalid field in page order', async () => {
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('note'), 'too long');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('amount')).toHaveFocus();
    expect(screen.getByLabelText('amount')).toHaveAccessibleDescription('Enter it');
    expect(screen.getByLabelText('name')).toHaveAccessibleDescription('Enter it');
    expect(screen.getByLabelText('note')).toHaveAccessibleDescription('At most 5 characters');

    await i18n.changeLanguage('ja');
    expect(await screen.findByText('5文字以内')).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('clears a field’s error when it changes, and only that one', async () => {
    render(<TestForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(screen.getByLabelText('name'), 'A');
    expect(screen.getByLabelText('name')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('amount')).toHaveAccessibleDescription('Enter it');
  });

  it('submits the normalized values once they pass', async () => {
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('amount'), '３００');
    await user.type(screen.getByLabelText('name'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Acme', amount: '300', note: '' });
    // Shown as typed.
    expect(screen.getByLabelText('amount')).toHaveValue('３００');
  });

  it('waits for an async resolver (a schema loaded on submit) and submits once', async () => {
    let release: (errors: FormErrors) => void = () => undefined;
    const resolver = vi.fn(() => new Promise<FormErrors>((resolve) => (release = resolve)));
    const onSubmit = vi.fn();
    render(<TestForm resolver={resolver} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('submitting')).toBeInTheDocument();
    // A second press while the first is checked does nothing.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(resolver).toHaveBeenCalledTimes(1);

    release({ name: { key: 'required' } });
    expect(await screen.findByText('idle')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('name')).toHaveFocus();
    expect(screen.getByLabelText('name')).toHaveAccessibleDescription('Enter it');
  });

  it('shows the server’s field refusals on their fields and focuses the first', async () => {
    const refusal: ApiError = {
      status: 400,
      messageKey: null,
      serverMessage: 'Invalid request',
      fieldErrors: [
        { path: 'note', message: 'Too many notes' },
        { path: 'name', message: 'Name taken' },
        { path: 'unknown', message: 'Not a field here' },
      ],
    };
    let form: UseFormReturn<Values> | undefined;
    const onSubmit = () =>
      form?.setFieldErrors(serverFieldErrors(refusal, (path) => (path in form!.values ? path : null)));
    render(<TestForm resolver={() => ({})} onSubmit={onSubmit} expose={(f) => (form = f)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByLabelText('name')).toHaveAccessibleDescription('Name taken');
    expect(screen.getByLabelText('note')).toHaveAccessibleDescription('Too many notes');
    expect(screen.getByLabelText('name')).toHaveFocus();
    expect(screen.queryByText('Not a field here')).not.toBeInTheDocument();
  });

  it('is dirty while the values differ from the defaults, and clean after reset', async () => {
    let form: UseFormReturn<Values> | undefined;
    render(<TestForm expose={(f) => (form = f)} />);
    const user = userEvent.setup();
    expect(screen.getByText('clean')).toBeInTheDocument();
    await user.type(screen.getByLabelText('name'), 'A');
    expect(screen.getByText('dirty')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('name'));
    expect(screen.getByText('clean')).toBeInTheDocument();

    // Saved: the saved values are the new start.
    await user.type(screen.getByLabelText('name'), 'Saved');
    expect(screen.getByText('dirty')).toBeInTheDocument();
    act(() => form?.reset());
    expect(screen.getByText('clean')).toBeInTheDocument();
    expect(screen.getByLabelText('name')).toHaveValue('Saved');
  });
});

describe('serverFieldErrors', () => {
  it('is empty for a failure without field problems', () => {
    expect(serverFieldErrors({ status: 'FETCH_ERROR', messageKey: null, serverMessage: null })).toEqual({});
    expect(serverFieldErrors(new Error('boom'))).toEqual({});
  });

  it('keeps the first problem of each field', () => {
    const error: ApiError = {
      status: 400,
      messageKey: null,
      serverMessage: null,
      fieldErrors: [
        { path: 'lines.2.amount', message: 'first' },
        { path: 'lines.2.amount', message: 'second' },
      ],
    };
    expect(serverFieldErrors(error)).toEqual({ 'lines.2.amount': 'first' });
  });
});
