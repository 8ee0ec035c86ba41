import { CustomerChat } from '../../../components/chat-window/customer-chat';
import { useCustomerPage } from './customer-page-context';

/** The customer page's Messages view: the shared chat window (docs/product.md §2) for this customer. */
export function CustomerMessagesView() {
  const { merchantId, customer, timeZone } = useCustomerPage();
  return <CustomerChat merchantId={merchantId} customer={customer} timeZone={timeZone} />;
}
