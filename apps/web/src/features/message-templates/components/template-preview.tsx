import { Stack, Text } from '@mantine/core';
import type { BodyType } from '@paylane/shared/messaging';
import { useRandomRender } from '../api/render-message-template';
import { CustomerRenderPreview } from './customer-render-preview';
import { RenderedBody } from './rendered-body';

type Props = {
  merchantId: string;
  /** The body as typed (the draft, not the saved one). */
  body: string;
  type: BodyType;
  /** The tab shows: only then is the server asked. */
  isShown: boolean;
  /** A saved template can also be shown for a real customer. */
  templateId: string | null;
  note?: string | undefined;
};

/** The Text and Email tabs (docs/product.md §2): the body rendered by the server with sample values. */
export function TemplatePreview({ merchantId, body, type, isShown, templateId, note }: Props) {
  const render = useRandomRender(merchantId, body, type, isShown);
  const label = type === 'TEXT' ? 'Text message preview' : 'Email preview';
  return (
    <Stack gap="md">
      {note ? (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      ) : null}
      {body.trim() === '' ? (
        <Text c="dimmed">Write a message on the Edit tab to see it here.</Text>
      ) : (
        <RenderedBody
          label={`${label} with sample values`}
          text={render.data?.rendered_body}
          isLoading={render.isFetching && !render.data}
          isError={render.isError}
        />
      )}
      {templateId ? (
        <CustomerRenderPreview merchantId={merchantId} templateId={templateId} type={type} />
      ) : null}
    </Stack>
  );
}
