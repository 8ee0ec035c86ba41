// Messaging's public surface for writing texts to send: chat replies, keyword answers and automations queue
// their messages here in their own transaction, then call requestDispatch (dispatch-request.service.ts).
export {
  findOutgoingMessageByKey,
  insertPendingMessages,
  type PendingMessageInput,
} from './pending-messages.repository';
