import { Group, Text, VisuallyHidden } from '@mantine/core';
import { countSegments, SMS_BODY_MAX, SMS_BODY_WARNING } from '@paylane/shared/messaging';
import { textColors } from '../lib/scheme-colors';

/**
 * docs/product.md §5/§9: 'n/300' under a text body, red above 290, with the SMS segments it costs (GSM-7 160/153 or
 * UCS-2 70/67: one emoji or curly quote switches the whole message to UCS-2).
 */
export function BodyCounter({ body, id }: { body: string; id?: string }) {
  const isOver = body.length > SMS_BODY_WARNING;
  const { encoding, segments } = countSegments(body);
  return (
    <Group id={id} justify="space-between" gap="xs" aria-live="polite">
      <Text size="xs" c="dimmed" data-testid="segment-count">
        {segments === 1 ? '1 SMS segment' : `${segments} SMS segments`} · {encoding}
      </Text>
      <Text
        size="xs"
        c={isOver ? textColors.danger : 'dimmed'}
        fw={isOver ? 700 : undefined}
        data-over-limit={isOver}
        data-testid="character-count"
      >
        <VisuallyHidden>Characters: </VisuallyHidden>
        {body.length}/{SMS_BODY_MAX}
      </Text>
    </Group>
  );
}
