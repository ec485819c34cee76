import { Card, Switch, useToast } from '@ipportal/ui';
import type { ReactNode } from 'react';
import { serverDetail } from './organization-support';

/** The words of one organization setting, already in the reader's language. */
export interface SettingSwitchTexts {
  heading: string;
  label: string;
  hint: string;
  savedOn: string;
  savedOff: string;
  saveFailed: string;
}

/**
 * One organization setting turned on or off (administrators): a card with a switch that saves at
 * once and says so in a toast, or why not (the server's reason as the toast's second line).
 * While the setting is not known yet, `placeholder` stands where the switch goes.
 */
export function SettingSwitchCard({
  texts,
  checked,
  saving,
  save,
  placeholder,
}: {
  texts: SettingSwitchTexts;
  checked: boolean | undefined;
  saving: boolean;
  save: (on: boolean) => Promise<{ error?: unknown }>;
  placeholder?: ReactNode;
}) {
  const toast = useToast();

  const change = async (on: boolean) => {
    const result = await save(on);
    if ('error' in result) {
      toast.error(texts.saveFailed, { detail: serverDetail(result.error) });
      return;
    }
    toast.info(on ? texts.savedOn : texts.savedOff);
  };

  return (
    <Card title={texts.heading} headingLevel={2}>
      {checked === undefined ? (
        placeholder
      ) : (
        <Switch
          label={texts.label}
          description={texts.hint}
          checked={checked}
          disabled={saving}
          onChange={(on) => void change(on)}
        />
      )}
    </Card>
  );
}
