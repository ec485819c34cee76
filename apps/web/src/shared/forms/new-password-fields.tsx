import { TextField } from '@ipportal/ui';
import { PasswordHints } from './password-hints';

export interface NewPasswordFieldsProps {
  ids: { password: string; confirmation: string };
  labels: { password: string; confirmation: string };
  password: string;
  confirmation: string;
  errors: { password?: string; confirmation?: string };
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
}

/**
 * A new password with its live rule hints and its confirmation: the same pair on sign-up,
 * password reset and password change. Renders two siblings so the caller chooses the layout
 * (side by side on sign-up, stacked elsewhere).
 */
export function NewPasswordFields({
  ids,
  labels,
  password,
  confirmation,
  errors,
  onPasswordChange,
  onConfirmationChange,
}: NewPasswordFieldsProps) {
  return (
    <>
      <div>
        <TextField
          id={ids.password}
          label={labels.password}
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          value={password}
          error={errors.password}
          onChange={(event) => onPasswordChange(event.target.value)}
        />
        <PasswordHints password={password} />
      </div>
      <TextField
        id={ids.confirmation}
        label={labels.confirmation}
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        value={confirmation}
        error={errors.confirmation}
        onChange={(event) => onConfirmationChange(event.target.value)}
      />
    </>
  );
}
