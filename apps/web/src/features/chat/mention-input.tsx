import type { ChatMember } from '@ipportal/domain';
import { TextArea } from '@ipportal/ui';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode, SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { mentionAt } from './mentions';

const Root = styled.div`
  position: relative;
`;

const Options = styled.ul`
  position: absolute;
  left: 0;
  bottom: 100%;
  z-index: ${({ theme }) => theme.zIndex.popover};
  min-width: 260px;
  max-width: 100%;
  max-height: 240px;
  overflow-y: auto;
  margin: 0 0 ${({ theme }) => theme.space.xs}px;
  padding: ${({ theme }) => theme.space.xs}px 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const Option = styled.li<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => `${theme.space.xs}px ${theme.space.md}px`};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceSelected : 'transparent')};
  & > span:last-child {
    font-size: ${({ theme }) => theme.typography.fontSize.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Most members the picker lists at once (typing narrows it). */
const shownOptions = 8;

export interface MentionInputProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Who may be mentioned (the room's members but the writer). */
  members: readonly ChatMember[];
  /** Ctrl/⌘+Enter. */
  onSubmitShortcut?: () => void;
  error?: ReactNode;
  helpText?: ReactNode;
  maxLength: number;
  rows?: number;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * The message text with a member picker: typing "@" lists the room's members (narrowed by what
 * follows); arrows move, Enter or Tab picks, Escape closes. The pick writes "@name " into the
 * text; the mentions sent are the members whose "@name" the text contains. The text area stays a
 * text box (a textarea may take no other role) that names the open list and its active option
 * (aria-controls, aria-activedescendant), so a screen reader follows the active option.
 */
export function MentionInput({
  label,
  value,
  onChange,
  members,
  onSubmitShortcut,
  error,
  helpText,
  maxLength,
  rows = 3,
  disabled,
  autoFocus,
}: MentionInputProps) {
  const { t } = useTranslation();
  const listId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  const typing = mentionAt(value, caret);
  const query = typing?.query.toLocaleLowerCase() ?? '';
  const options = typing
    ? members.filter((m) => m.name.toLocaleLowerCase().includes(query)).slice(0, shownOptions)
    : [];
  const open = typing !== null && options.length > 0 && dismissedAt !== typing.start;
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  const track = (event: SyntheticEvent<HTMLTextAreaElement>) => setCaret(event.currentTarget.selectionStart);

  // After a picked mention, the caret goes behind it as soon as the new text is in the field, in
  // the same commit (not a frame later: a key typed meanwhile would land before the mention's end).
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !area.current || area.current.value.length < at) return;
    pendingCaret.current = null;
    area.current.focus();
    area.current.setSelectionRange(at, at);
  }, [value]);

  const pick = (member: ChatMember) => {
    if (!typing) return;
    const inserted = `@${member.name} `;
    const next = value.slice(0, typing.start) + inserted + value.slice(caret);
    const at = typing.start + inserted.length;
    pendingCaret.current = at;
    onChange(next);
    setCaret(at);
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const member = options[activeIndex];
        if (member) {
          event.preventDefault();
          pick(member);
        }
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(typing.start);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && onSubmitShortcut) {
      event.preventDefault();
      onSubmitShortcut();
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <Root>
      <TextArea
        ref={area}
        label={label}
        fullWidth
        rows={rows}
        showCounter
        maxLength={maxLength}
        value={value}
        error={error}
        helpText={helpText}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart);
          setActive(0);
        }}
        onSelect={track}
        onClick={track}
        onKeyUp={track}
        onKeyDown={onKeyDown}
      />
      {open && (
        <Options id={listId} role="listbox" aria-label={t('chat.composer.mentionList')}>
          {options.map((member, index) => (
            <Option
              key={member.userId}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              $active={index === activeIndex}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(member)}
            >
              <span>{member.name}</span>
              <span>
                {member.affiliation
                  ? t(`chat.side.${member.side}Of`, { name: member.affiliation })
                  : t(`chat.side.${member.side}`)}
              </span>
            </Option>
          ))}
        </Options>
      )}
    </Root>
  );
}
