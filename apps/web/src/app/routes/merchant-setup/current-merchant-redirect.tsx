import { Navigate, useLocation } from 'react-router';
import { useCurrentMerchantId } from '../../../features/merchants/hooks/use-current-merchant';

/**
 * docs/product.md §2 marks the merchant optional (/merchants/{merchantID?}/locations): a path without it opens the
 * same page of the current merchant, whose id then shows in the address (and survives a merchant switch).
 */
export function CurrentMerchantRedirect() {
  const { pathname, search } = useLocation();
  const merchantId = useCurrentMerchantId();
  if (!merchantId) return <Navigate to="/" replace />;
  const rest = pathname.replace(/^\/merchants\//, '');
  return <Navigate to={`/merchants/${encodeURIComponent(merchantId)}/${rest}${search}`} replace />;
}
