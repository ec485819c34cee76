// What other features use of the chat: the sidebar's unread count (loaded lazily by the shell).
export { ChatUnreadBadge } from './chat-unread-badge';
