import { HomeMessagesSection } from '../../../features/home-messages/components/home-messages-section';

/** /customer-replies: the latest texts from customers. */
export function CustomerRepliesPage() {
  return (
    <HomeMessagesSection
      list="replies"
      title="Customer Replies"
      emptyTitle="No customer replies yet."
      emptyDescription="Texts customers send show here."
    />
  );
}
