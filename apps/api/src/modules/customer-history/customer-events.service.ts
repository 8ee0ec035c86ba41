// The history module's public surface: other modules add events to a customer's timeline in their own
// transaction (so an event is written exactly when its change commits).
export { changedFields, insertCustomerEvents, type CustomerEventInput } from './customer-events.repository';
