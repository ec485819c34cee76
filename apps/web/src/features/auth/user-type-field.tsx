import { RadioGroup } from '@ipportal/ui';
import { userTypes } from '@ipportal/domain';
import type { UserType } from '@ipportal/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { userTypeOf } from './auth-query';

export interface UserTypeFieldProps {
  /** Radio name; `focusUserType(name)` focuses the group. */
  name: string;
  value: UserType | null;
  onChange: (value: UserType) => void;
  error?: ReactNode;
  disabled?: boolean;
}

/** REGULAR (client) or PATENT (patent firm): each has its own identity pool. */
export function UserTypeField({ name, value, onChange, error, disabled }: UserTypeFieldProps) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      name={name}
      label={t('auth.field.userType')}
      orientation="horizontal"
      required
      disabled={disabled}
      value={value}
      error={error}
      onChange={(next) => {
        const type = userTypeOf(next);
        if (type) onChange(type);
      }}
      options={userTypes.values.map((type) => ({
        value: type,
        label: t(`auth.userType.${type}`),
        description: t(`auth.userTypeDescription.${type}`),
      }))}
    />
  );
}

export function focusUserType(name: string): void {
  const radios = [...document.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${name}"]`)];
  (radios.find((radio) => radio.checked) ?? radios[0])?.focus();
}
