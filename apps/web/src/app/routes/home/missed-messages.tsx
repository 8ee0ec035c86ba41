import { HomeMessagesSection } from '../../../features/home-messages/components/home-messages-section';

/** /missed-messages: customers' texts nobody has answered yet. */
export function MissedMessagesPage() {
  return (
    <HomeMessagesSection
      list="missed"
      title="Missed Messages"
      emptyTitle="No missed messages yet."
      emptyDescription="Texts from customers that are still waiting for an answer show here."
    />
  );
}
