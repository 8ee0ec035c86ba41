/** A sub-view of the customer page (being built). */
export function CustomerNotesView() {
  return null;
}
