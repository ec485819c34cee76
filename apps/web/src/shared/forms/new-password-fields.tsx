import { TextField } from '@ipportal/ui';
import { PasswordHints } from './password-hints';
import type { FieldProps } from './use-form';

export interface NewPasswordFieldsProps {
  labels: { password: string; confirmation: string };
  /** The two fields as `useForm`'s `field(name)` gives them. */
  password: FieldProps<string>;
  confirmation: FieldProps<string>;
}

/**
 * A new password with its live rule hints and its confirmation: the same pair on sign-up,
 * password reset and password change. Renders two siblings so the caller chooses the layout
 * (side by side on sign-up, stacked elsewhere).
 */
export function NewPasswordFields({ labels, password, confirmation }: NewPasswordFieldsProps) {
  return (
    <>
      <div>
        <TextField
          label={labels.password}
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          {...password}
        />
        <PasswordHints password={password.value} />
      </div>
      <TextField
        label={labels.confirmation}
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        {...confirmation}
      />
    </>
  );
}
