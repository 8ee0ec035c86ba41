import { Outlet } from 'react-router';

/** /merchants/{merchantID}/customers/{customerID}: the customer's header and tabs (being built). */
export function CustomerLayout() {
  return <Outlet />;
}
