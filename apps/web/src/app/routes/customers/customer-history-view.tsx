/** A sub-view of the customer page (being built). */
export function CustomerHistoryView() {
  return null;
}
