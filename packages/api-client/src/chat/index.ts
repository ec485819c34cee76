export {
  chatApi,
  chatRoomId,
  chatRoomListTag,
  chatUnreadTag,
  useGetChatRoomQuery,
  useGetChatSettingsQuery,
  useGetChatUnreadSummaryQuery,
  useListChatMessagesInfiniteQuery,
  useListChatRoomsInfiniteQuery,
  useUpdateChatSettingsMutation,
} from './chat-api.js';
export type {
  ChatMessagePageParam,
  ChatRoomListArgs,
  EditChatMessageArgs,
  MarkChatReadArgs,
  UpdateChatSettingsArgs,
  WithdrawChatMessageArgs,
} from './chat-api.js';
export {
  chatWritesApi,
  useEditChatMessageMutation,
  useMarkChatReadMutation,
  useWithdrawChatMessageMutation,
} from './chat-writes.js';
export { chatFilePaths, fetchChatFile, sendChatMessage } from './binary.js';
export {
  applyChatMessage,
  applyChatRead,
  applyChatRoomEntry,
  applyChatUnreadSummary,
  updateChatRoomEntry,
} from './chat-cache.js';
export type { ChatBinaryResult, ChatDownload, NewChatMessage } from './binary.js';
