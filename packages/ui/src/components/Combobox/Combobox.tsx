import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import type { KeyboardEvent, ReactNode } from 'react';
import { FieldFrame, describedBy, hasError, inputStyles } from '../../internal/Field';
import { useTexts } from '../../i18n';
import type { UiTexts } from '../../i18n';
import { ChevronDownIcon, CloseIcon } from '../../icons';
import { VisuallyHidden } from '../../internal/VisuallyHidden';
import { usePopupPosition } from '../../internal/use-popup-position';
import { normalizeForSearch } from './filter';

export interface ComboboxOption {
  /** Value reported by `onChange`. */
  value: string;
  /** Text shown and matched. */
  label: string;
  /** Extra words that also match (e.g. the English name of a region, or its code). */
  keywords?: readonly string[];
  disabled?: boolean;
}

export interface ComboboxProps {
  /** Visible label. */
  label: ReactNode;
  /** Every option. Hundreds are fine: matching uses pre-normalized text and a deferred query. */
  options: readonly ComboboxOption[];
  /** Selected value (controlled); `null` for none. */
  value?: string | null;
  /** Initial value when uncontrolled. */
  defaultValue?: string | null;
  /** Called with the chosen value, or `null` when cleared. */
  onChange?: (value: string | null) => void;
  /** Placeholder of the input; defaults to the built-in "Search" text. */
  placeholder?: string;
  /** Shows the required mark and sets `aria-required`. */
  required?: boolean;
  /** Hint under the field. */
  helpText?: ReactNode;
  /** Error message; marks the field invalid. */
  error?: ReactNode;
  disabled?: boolean;
  /** Shows a clear button while a value is selected. */
  clearable?: boolean;
  /** Stretches to the container width. */
  fullWidth?: boolean;
  /** Name for a hidden input carrying the value in native form posts. */
  name?: string;
  id?: string;
  className?: string;
  /** Overrides of built-in texts for this instance. */
  labels?: Partial<UiTexts>;
  /**
   * Called with the typed text as it changes ('' when the text is reset), for options searched
   * elsewhere (e.g. on the server). Pair with `filtering="none"`.
   */
  onQueryChange?: (query: string) => void;
  /** 'local' (default): the combobox matches the typed text; 'none': `options` already are the matches. */
  filtering?: 'local' | 'none';
  /** The options are being fetched: the popup says so instead of "no options". */
  loading?: boolean;
}

const Wrap = styled.div`
  position: relative;
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${inputStyles}
  padding-right: ${({ theme }) => theme.space.xxxl + theme.space.lg}px;
`;

const Buttons = styled.div`
  position: absolute;
  right: ${({ theme }) => theme.space.xs}px;
  top: 50%;
  transform: translateY(-50%);
  display: flex;
`;

const SmallButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
  }
  &:disabled {
    cursor: not-allowed;
  }
`;

/** Positioned by usePopupPosition: below the field, or above it when there is no room below. */
const Popup = styled.div`
  z-index: ${({ theme }) => theme.zIndex.popover};
`;

const List = styled.ul`
  max-height: min(320px, var(--popup-available-height, 320px));
  overflow-y: auto;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs}px 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const Option = styled.li<{ $active: boolean; $selected: boolean }>`
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.md}px`};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceSelected : 'transparent')};
  font-weight: ${({ theme, $selected }) => ($selected ? theme.typography.fontWeight.bold : 'inherit')};
  color: ${({ theme }) => theme.colors.text};
  &[aria-disabled='true'] {
    color: ${({ theme }) => theme.colors.textDisabled};
    cursor: not-allowed;
  }
`;

const Empty = styled.div`
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.md}px`};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  box-shadow: ${({ theme }) => theme.shadows.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface Indexed {
  option: ComboboxOption;
  /** Normalized label and keywords. */
  segments: string[];
}

/**
 * A text input that filters a list of options (WAI-ARIA combobox pattern with a listbox popup).
 * Keyboard: type to filter, ArrowDown/ArrowUp to move, Enter to choose, Escape to close or
 * restore the text, Home/End in the list to jump, Alt+ArrowDown to open.
 */
export function Combobox({
  label,
  options,
  value: valueProp,
  defaultValue = null,
  onChange,
  placeholder,
  required,
  helpText,
  error,
  disabled,
  clearable = false,
  fullWidth,
  name,
  id: idProp,
  className,
  labels,
  onQueryChange,
  filtering = 'local',
  loading = false,
}: ComboboxProps) {
  const texts = useTexts(labels);
  const autoId = useId();
  const id = idProp ?? autoId;
  const listId = `${id}-listbox`;
  const [internalValue, setInternalValue] = useState<string | null>(defaultValue);
  const value = valueProp !== undefined ? valueProp : internalValue;
  const selected = useMemo(() => options.find((o) => o.value === value) ?? null, [options, value]);

  const [query, setQueryState] = useState<string | null>(null);
  const setQuery = (next: string | null) => {
    setQueryState(next);
    onQueryChange?.(next ?? '');
  };
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { setAnchor, setPopup, popupStyle } = usePopupPosition({ open, matchWidth: true });

  const indexed = useMemo<Indexed[]>(
    () =>
      options.map((option) => ({
        option,
        segments: [option.label, ...(option.keywords ?? [])].map(normalizeForSearch),
      })),
    [options],
  );
  const deferredQuery = useDeferredValue(query);
  const filtered = useMemo(() => {
    const needle = deferredQuery === null ? '' : normalizeForSearch(deferredQuery);
    if (needle === '' || filtering === 'none') return options;
    const starts: ComboboxOption[] = [];
    const contains: ComboboxOption[] = [];
    // Options whose label or a keyword starts with the query come first.
    for (const { option, segments } of indexed) {
      if (segments.some((s) => s.startsWith(needle))) starts.push(option);
      else if (segments.some((s) => s.includes(needle))) contains.push(option);
    }
    return starts.concat(contains);
  }, [deferredQuery, indexed, options, filtering]);

  const inputText = query ?? selected?.label ?? '';

  useEffect(() => {
    if (!open || activeIndex < 0) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, open]);

  const commit = (option: ComboboxOption | null) => {
    if (option?.disabled) return;
    if (valueProp === undefined) setInternalValue(option?.value ?? null);
    onChange?.(option?.value ?? null);
    setQuery(null);
    setOpen(false);
    setActiveIndex(-1);
  };

  const openList = () => {
    if (disabled) return;
    setOpen(true);
    const selectedIndex = selected ? filtered.indexOf(selected) : -1;
    setActiveIndex(selectedIndex >= 0 ? selectedIndex : 0);
  };

  const move = (delta: number) => {
    if (filtered.length === 0) return;
    setActiveIndex((current) => {
      const next = current < 0 ? (delta > 0 ? 0 : filtered.length - 1) : current + delta;
      return Math.max(0, Math.min(filtered.length - 1, next));
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else if (!event.altKey) move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else move(-1);
        break;
      case 'PageDown':
        if (open) {
          event.preventDefault();
          move(10);
        }
        break;
      case 'PageUp':
        if (open) {
          event.preventDefault();
          move(-10);
        }
        break;
      case 'Home':
        if (open && query === null) {
          event.preventDefault();
          setActiveIndex(0);
        }
        break;
      case 'End':
        if (open && query === null) {
          event.preventDefault();
          setActiveIndex(filtered.length - 1);
        }
        break;
      case 'Enter':
        if (open) {
          event.preventDefault();
          const option = filtered[activeIndex];
          if (option) commit(option);
        }
        break;
      // preventDefault marks the Escape handled, so an enclosing dialog stays open.
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else if (query !== null) {
          event.preventDefault();
          setQuery(null);
        }
        break;
      default:
        break;
    }
  };

  const activeOption = open ? filtered[activeIndex] : undefined;

  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      helpText={helpText}
      error={error}
      fullWidth={fullWidth}
      className={className}
    >
      <Wrap ref={setAnchor}>
        <Input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${id}-opt-${activeIndex}` : undefined}
          aria-required={required || undefined}
          aria-invalid={hasError(error) || undefined}
          aria-describedby={describedBy(id, helpText, error)}
          placeholder={placeholder ?? texts.searchPlaceholder}
          disabled={disabled}
          value={inputText}
          $invalid={hasError(error)}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActiveIndex(0);
          }}
          onKeyDown={onKeyDown}
          onClick={() => {
            if (!open) openList();
          }}
          onBlur={() => {
            setOpen(false);
            setQuery(null);
          }}
        />
        {name !== undefined && <input type="hidden" name={name} value={value ?? ''} />}
        <Buttons>
          {clearable && selected && !disabled && (
            <SmallButton
              type="button"
              tabIndex={-1}
              aria-label={texts.clearSelection}
              title={texts.clearSelection}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                commit(null);
                inputRef.current?.focus();
              }}
            >
              <CloseIcon size={16} />
            </SmallButton>
          )}
          <SmallButton
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            disabled={disabled}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (open) setOpen(false);
              else openList();
              inputRef.current?.focus();
            }}
          >
            <ChevronDownIcon size={18} />
          </SmallButton>
        </Buttons>
        <Popup ref={setPopup} style={popupStyle} hidden={!open}>
          <List
            ref={listRef}
            id={listId}
            role="listbox"
            aria-labelledby={`${id}-label`}
            hidden={!open || filtered.length === 0}
          >
            {open &&
              filtered.map((option, index) => (
                <Option
                  key={option.value}
                  id={`${id}-opt-${index}`}
                  data-index={index}
                  role="option"
                  aria-selected={option.value === value}
                  aria-disabled={option.disabled || undefined}
                  $active={index === activeIndex}
                  $selected={option.value === value}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (index !== activeIndex) setActiveIndex(index);
                  }}
                  onClick={() => commit(option)}
                >
                  {option.label}
                </Option>
              ))}
          </List>
          {open && filtered.length === 0 && <Empty>{loading ? texts.loading : texts.noOptions}</Empty>}
        </Popup>
        <VisuallyHidden aria-live="polite">
          {open && !loading ? texts.optionCount(filtered.length) : ''}
        </VisuallyHidden>
      </Wrap>
    </FieldFrame>
  );
}
