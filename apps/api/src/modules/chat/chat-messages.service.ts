// The chat's message reads the live layer pushes from (live-hub.runtime.ts): rows by id and after a position.
export {
  findChatMessageRows,
  findMessageSeq,
  listChatMessageRows,
  listChatMessageRowsAfter,
  type ChatMessageRow,
} from './chat-messages.repository';
