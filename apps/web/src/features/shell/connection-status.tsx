import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { useMessages } from '../../shared/lazy-messages';
import type { RealtimeState } from '@ipportal/realtime';
import { useRealtimeState } from '../../shared/realtime/realtime-hub';
import { VisuallyHidden } from '../../shared/visually-hidden';
import { signedInShellTexts } from './signed-in-texts';

/** What the dot says: the "reconnecting" of a silent socket reads as connecting. */
type Shown = 'connecting' | 'connected' | 'disconnected';

const shownOf = (state: RealtimeState): Shown => (state === 'reconnecting' ? 'connecting' : state);

// Light fills that stand out on the dark header; the shape differs too (not colour alone):
// connected is a filled dot, connecting a ring, disconnected a ring with a bar through it.
const dotColours: Record<Shown, string> = {
  connected: '#6fd49a',
  connecting: '#f6c760',
  disconnected: '#f59a92',
};

const Root = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 24px;
  height: 24px;
  margin-right: ${({ theme }) => theme.space.sm}px;
  cursor: default;
`;

const Dot = styled.span<{ $shown: Shown }>`
  position: relative;
  display: block;
  width: 10px;
  height: 10px;
  border-radius: 50%;
  box-sizing: border-box;
  ${({ $shown }) =>
    $shown === 'connected'
      ? css`
          background: ${dotColours.connected};
        `
      : css`
          border: 2px solid ${dotColours[$shown]};
        `}
  ${({ $shown }) =>
    $shown === 'disconnected' &&
    css`
      &::after {
        content: '';
        position: absolute;
        left: -2px;
        right: -2px;
        top: 2px;
        height: 2px;
        background: ${dotColours.disconnected};
        transform: rotate(-45deg);
      }
    `}
`;

/**
 * The realtime connection's state as a small dot in the header, its words in the tooltip and for
 * screen readers. Only changes that matter are announced (politely): the connection lost after it
 * was up, and back again after that; not the first connect, nor a short silence.
 */
export function ConnectionStatus() {
  useMessages(signedInShellTexts);
  const { t } = useTranslation();
  const state = useRealtimeState();
  const shown = state === null ? null : shownOf(state);
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<Shown | null>(null);
  const wasLost = useRef(false);
  useEffect(() => {
    const before = previous.current;
    previous.current = shown;
    if (shown === null || before === shown) return;
    if (shown === 'disconnected' && before !== null) {
      wasLost.current = true;
      setAnnouncement(t('realtimeStatus.lost'));
    } else if (shown === 'connected' && wasLost.current) {
      wasLost.current = false;
      setAnnouncement(t('realtimeStatus.restored'));
    }
  }, [shown, t]);

  const label = shown === null ? '' : t(`realtimeStatus.${shown}`);
  return (
    <>
      {shown !== null && (
        <Root title={label} data-state={shown}>
          <Dot $shown={shown} aria-hidden="true" />
          <VisuallyHidden>{label}</VisuallyHidden>
        </Root>
      )}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </>
  );
}
