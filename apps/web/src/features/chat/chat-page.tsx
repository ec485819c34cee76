import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled, { css } from 'styled-components';
import type { DefaultTheme } from 'styled-components';
import { pathTo } from '../../routes/paths';
import { useMessages } from '../../shared/lazy-messages';
import { chatTexts } from './chat-texts';
import { ChatRoomList } from './chat-room-list';
import { ChatRoomView } from './chat-room-view';
import { useRoomKey } from './request-room-key';

const narrow = ({ theme }: { theme: DefaultTheme }) => `@media (max-width: ${theme.breakpoints.md - 1}px)`;

/** The page fills the window below the header (less the page's padding); never smaller than this. */
const minHeightPx = 480;

const Frame = styled.div<{ $roomOpen: boolean }>`
  display: grid;
  grid-template-columns: 320px minmax(0, 1fr);
  height: max(
    ${minHeightPx}px,
    calc(
      100vh -
        ${({ theme }) => theme.layout.headerHeight + theme.layout.headerExtensionHeight + 2 * theme.space.xl}px
    )
  );
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.lg}px;
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
  & > :first-child {
    border-right: 1px solid ${({ theme }) => theme.colors.divider};
    min-height: 0;
  }
  ${narrow} {
    grid-template-columns: minmax(0, 1fr);
    ${({ $roomOpen }) =>
      $roomOpen
        ? css`
            & > :first-child {
              display: none;
            }
          `
        : css`
            & > :last-child {
              display: none;
            }
          `}
  }
`;

const Pane = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
`;

const Back = styled(Link)`
  display: none;
  ${narrow} {
    display: block;
    padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.lg}px 0`};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Placeholder = styled.div`
  display: grid;
  place-items: center;
  height: 100%;
  padding: ${({ theme }) => theme.space.xl}px;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

/**
 * /chat and /chat/:projectId/:requestId: the room list beside the open room (one room per
 * request, for the client side and the office alike). On narrow screens one of the two shows.
 */
export function ChatPage() {
  useMessages(chatTexts);
  const { t } = useTranslation();
  const key = useRoomKey();
  return (
    <Frame $roomOpen={key !== null}>
      <ChatRoomList selected={key} />
      <Pane>
        {key ? (
          <>
            <Back to={pathTo('chat')}>{t('chat.room.backToList')}</Back>
            <ChatRoomView key={`${key.projectId}/${key.requestId}`} requestKey={key} />
          </>
        ) : (
          <Placeholder>
            <p>{t('chat.room.choose')}</p>
          </Placeholder>
        )}
      </Pane>
    </Frame>
  );
}
