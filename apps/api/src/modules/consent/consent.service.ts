// Consent's public surface: opting a customer out of or back into a channel, with its consent record, in the
// caller's transaction (inbound keywords, provider error 21610, the dispatcher).
export { recordOptIn, recordOptOut, type ConsentChange } from './consent.repository';
