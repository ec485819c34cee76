import { useId, useRef } from 'react';
import styled from 'styled-components';
import type { KeyboardEvent, ReactNode } from 'react';
import { focusRing } from '../../internal/styles';
import { useControllableState } from '../../internal/use-controllable';
import { Badge } from '../StatusChip/StatusChip';

export interface TabItem {
  /** Stable id, reported by `onChange`. */
  id: string;
  label: ReactNode;
  /** Count shown in a badge after the label (e.g. number of matters). */
  count?: number;
  disabled?: boolean;
}

export interface TabsProps {
  /** The tabs in order. */
  items: readonly TabItem[];
  /** Active tab id (controlled). */
  value?: string;
  /** Initial tab when uncontrolled; defaults to the first enabled tab. */
  defaultValue?: string;
  /** Called with the newly active tab id. */
  onChange?: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Content of the active tab's panel. A function receives the active id. */
  children?: ReactNode | ((activeId: string) => ReactNode);
  className?: string;
}

const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  overflow-x: auto;
`;

const Tab = styled.button`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px;
  min-height: ${({ theme }) => theme.layout.controlHeight.lg}px;
  padding: 0 ${({ theme }) => theme.space.lg}px;
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
  white-space: nowrap;
  cursor: pointer;
  ${focusRing}
  &:focus-visible {
    outline-offset: -2px;
  }
  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  }
  &[aria-selected='true']::after {
    content: '';
    position: absolute;
    left: 0;
    right: 0;
    bottom: -1px;
    height: 3px;
    background: ${({ theme }) => theme.colors.primary};
  }
  &:disabled {
    color: ${({ theme }) => theme.colors.textDisabled};
    cursor: not-allowed;
  }
`;

const Panel = styled.div`
  padding-top: ${({ theme }) => theme.space.lg}px;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation). Keyboard: ArrowLeft/ArrowRight move and
 * activate, Home/End jump to the first/last tab; disabled tabs are skipped.
 */
export function Tabs({ items, value, defaultValue, onChange, label, children, className }: TabsProps) {
  const baseId = useId();
  const firstEnabled = items.find((t) => !t.disabled)?.id ?? '';
  const [active, setActive] = useControllableState(value, defaultValue ?? firstEnabled, onChange);
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const enabled = items.filter((t) => !t.disabled);

  const focusTab = (id: string) => {
    setActive(id);
    refs.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = enabled.findIndex((t) => t.id === active);
    let next: TabItem | undefined;
    if (event.key === 'ArrowRight') next = enabled[(at + 1) % enabled.length];
    else if (event.key === 'ArrowLeft') next = enabled[(at - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (next) {
      event.preventDefault();
      focusTab(next.id);
    }
  };

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;
  // Without children there is no panel here (the page shows the view beside the tabs): a tab
  // must not point at an element that does not exist.
  const hasPanel = children !== undefined;

  return (
    <div className={className}>
      <List role="tablist" aria-label={label}>
        {items.map((item) => {
          const selected = item.id === active;
          return (
            <Tab
              key={item.id}
              ref={(node) => {
                if (node) refs.current.set(item.id, node);
                else refs.current.delete(item.id);
              }}
              id={tabId(item.id)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={selected && hasPanel ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              disabled={item.disabled}
              onClick={() => setActive(item.id)}
              onKeyDown={onKeyDown}
            >
              {item.label}
              {item.count !== undefined && (
                <Badge count={item.count} max={9999} tone={selected ? 'primary' : 'neutral'} />
              )}
            </Tab>
          );
        })}
      </List>
      {hasPanel && (
        <Panel id={panelId} role="tabpanel" aria-labelledby={tabId(active)} tabIndex={0}>
          {typeof children === 'function' ? children(active) : children}
        </Panel>
      )}
    </div>
  );
}
