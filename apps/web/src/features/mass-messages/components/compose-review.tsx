import { Alert, Button, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { CustomerRef } from '@paylane/shared/contracts/customers';
import {
  countSegments,
  nonGsmCharacters,
  usedMergeFields,
  withPlainCharacters,
} from '@paylane/shared/messaging';
import { useEffect, useRef } from 'react';
import { useCustomerRender } from '../../message-templates/api/render-message-template';

type Props = {
  merchantId: string;
  /** The message as written, merge fields and all. */
  message: string;
  /** Who the sample is rendered for: the first recipient who can receive texts. */
  sample: CustomerRef;
  recipientCount: number;
  /** Writes the message with plain characters; null when the user may not change the message (no free text). */
  onReplace: ((plain: string) => void) | null;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const nameOf = (customer: CustomerRef) => `${customer.first_name} ${customer.last_name}`.trim();

/**
 * The review before Send (docs/product.md §2 compose, §4 compose flow): the message as one real recipient will get
 * it (rendered by the server as the mass text fills it), recipients × segments, and the characters that make
 * it UCS-2 with a one-click replacement of the look-alikes Twilio's Smart Encoding knows.
 */
export function ComposeReview({ merchantId, message, sample, recipientCount, onReplace }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // A message without merge fields reads the same for everyone: nothing to ask the server.
  const hasMergeFields = usedMergeFields(message).length > 0;
  const render = useCustomerRender(merchantId, message, hasMergeFields ? sample.id : null);
  const rendered = hasMergeFields ? render.data?.rendered_body : message;
  const name = nameOf(sample);

  return (
    <Stack gap="sm" data-testid="compose-review">
      <Title order={3} ref={headingRef} tabIndex={-1}>
        Review
      </Title>
      <Text size="sm">As {name} will get it:</Text>
      {rendered === undefined ? (
        render.isError ? (
          <Alert color="red" variant="light" role="alert">
            The message could not be shown for {name}.
          </Alert>
        ) : (
          <Group gap="xs">
            <Loader size="xs" aria-label="Rendering the message" />
            <Text size="sm">Rendering the message…</Text>
          </Group>
        )
      ) : (
        <RenderedMessage
          rendered={rendered}
          message={message}
          name={name}
          recipientCount={recipientCount}
          onReplace={onReplace}
        />
      )}
    </Stack>
  );
}

type RenderedProps = Pick<Props, 'message' | 'recipientCount' | 'onReplace'> & {
  rendered: string;
  name: string;
};

function RenderedMessage({ rendered, message, name, recipientCount, onReplace }: RenderedProps) {
  const { encoding, segments, characters } = countSegments(rendered);
  const usesLink = usedMergeFields(message).includes('payment_link');
  return (
    <>
      <Paper
        withBorder
        p="sm"
        component="blockquote"
        m={0}
        aria-label={`Message for ${name}`}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {rendered}
      </Paper>
      {usesLink ? (
        <Text size="xs" c="dimmed">
          The payment link is a sample: each customer gets a link of their own.
        </Text>
      ) : null}
      <Text size="sm" fw={600} data-testid="review-segments">
        {plural(recipientCount, 'recipient', 'recipients')} × {plural(segments, 'segment', 'segments')} ={' '}
        {plural(recipientCount * segments, 'text', 'texts')}
      </Text>
      <Text size="xs" c="dimmed">
        Counted on {name}’s message ({encoding}, {plural(characters, 'character', 'characters')}); names,
        amounts and dates differ from customer to customer, so some texts may take more or fewer segments.
      </Text>
      {encoding === 'UCS-2' ? (
        <CostlyCharacters rendered={rendered} message={message} onReplace={onReplace} />
      ) : null}
    </>
  );
}

/** Shows a character so that a space-like one can be seen too. */
const shown = (character: string) =>
  /^\s$/u.test(character)
    ? `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
    : character;

function CostlyCharacters({
  rendered,
  message,
  onReplace,
}: Pick<Props, 'message' | 'onReplace'> & { rendered: string }) {
  const culprits = nonGsmCharacters(rendered);
  const plain = withPlainCharacters(message);
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Characters that double the cost"
      role="region"
      // Mantine's yellow title on its light background falls under WCAG AA 4.5:1; the text colour passes.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">
          These characters are not in the GSM-7 alphabet, so every text is sent as UCS-2: 70 characters a
          segment instead of 160.
        </Text>
        <Group gap="xs" data-testid="costly-characters">
          {culprits.map((character) => {
            const replacement = withPlainCharacters(character);
            return (
              <Code key={character}>
                {replacement === character
                  ? shown(character)
                  : `${shown(character)} → ${replacement.replaceAll(' ', '␣')}`}
              </Code>
            );
          })}
        </Group>
        {onReplace && plain !== message ? (
          <Group>
            <Button size="compact-sm" variant="default" onClick={() => onReplace(plain)}>
              Replace with plain characters
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}
