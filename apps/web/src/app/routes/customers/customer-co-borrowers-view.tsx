/** A sub-view of the customer page (being built). */
export function CustomerCoBorrowersView() {
  return null;
}
