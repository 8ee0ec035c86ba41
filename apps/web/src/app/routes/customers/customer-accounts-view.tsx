/** A sub-view of the customer page (being built). */
export function CustomerAccountsView() {
  return null;
}
