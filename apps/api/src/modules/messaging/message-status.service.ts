// Messaging's public surface for delivery statuses reported by a provider (Twilio callbacks, the outbox walker).
export {
  recordProviderStatus,
  recordProviderStatuses,
  type ProviderStatus,
  type RecordedStatus,
} from './message-status.repository';
