import { projectListArgs, useListProjectsPageQuery } from '@ipportal/api-client';
import type { ComboboxOption } from '@ipportal/ui';
import { Combobox } from '@ipportal/ui';
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

/** Matters offered at a time: the most recently updated, or the best matches of the typed text. */
const pickerPageSize = 50;
/** Typing pauses this long before the server is asked. */
const searchDelayMs = 250;

export interface MatterPickerProps {
  id: string;
  label: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  value: string;
  onChange: (projectId: string) => void;
}

/**
 * Chooses one of the caller's matters. The server searches (the matter list's own search over
 * reference code, title, application, publication and registration numbers and applicants), so
 * a user with 10,000 matters finds any of them, not only the most recent ones.
 */
export function MatterPicker({ id, label, placeholder, error, value, onChange }: MatterPickerProps) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useListProjectsPageQuery({
    ...projectListArgs({ tab: 'all', q: query }),
    limit: pickerPageSize,
  });
  // The chosen matter stays an option (and keeps its label) whatever the search shows now.
  const [chosen, setChosen] = useState<ComboboxOption | null>(null);
  const options = useMemo(() => {
    const listed = (found.data?.items ?? []).map((matter) => ({
      value: matter.id,
      label: `${matter.refrenceCode} ${matter.title}`,
    }));
    const keep = chosen && chosen.value === value && !listed.some((o) => o.value === value);
    return keep ? [chosen, ...listed] : listed;
  }, [found.data, chosen, value]);
  const searching = typed.trim() !== query || found.isFetching;

  return (
    <Combobox
      id={id}
      label={label}
      required
      fullWidth
      placeholder={placeholder}
      options={options}
      filtering="none"
      loading={searching}
      onQueryChange={setTyped}
      value={value === '' ? null : value}
      onChange={(next) => {
        setChosen(options.find((o) => o.value === next) ?? null);
        onChange(next ?? '');
      }}
      error={error}
    />
  );
}
