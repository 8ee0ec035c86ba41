import { HomeMessagesSection } from '../../../features/home-messages/components/home-messages-section';

/** /auto-messages: texts the merchant's automations sent. */
export function AutoMessagesPage() {
  return (
    <HomeMessagesSection
      list="auto"
      title="Auto Messages"
      emptyTitle="No auto messages yet."
      emptyDescription="Texts sent by the merchant's automated templates show here."
    />
  );
}
