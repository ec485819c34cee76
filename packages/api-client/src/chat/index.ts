export {
  chatApi,
  chatRoomId,
  chatRoomListTag,
  chatUnreadTag,
  useEditChatMessageMutation,
  useGetChatRoomQuery,
  useGetChatSettingsQuery,
  useGetChatUnreadSummaryQuery,
  useListChatMessagesInfiniteQuery,
  useListChatRoomsInfiniteQuery,
  useMarkChatReadMutation,
  useUpdateChatSettingsMutation,
  useWithdrawChatMessageMutation,
} from './chat-api.js';
export type {
  ChatMessagePageParam,
  ChatRoomListArgs,
  EditChatMessageArgs,
  MarkChatReadArgs,
  UpdateChatSettingsArgs,
  WithdrawChatMessageArgs,
} from './chat-api.js';
export { chatFilePaths, fetchChatFile, sendChatMessage } from './binary.js';
export type { ChatBinaryResult, ChatDownload, NewChatMessage } from './binary.js';
