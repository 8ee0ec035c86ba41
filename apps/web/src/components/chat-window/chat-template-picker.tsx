import { NativeSelect } from '@mantine/core';
import type { MessageTemplate } from '@paylane/shared/contracts/message-templates';
import { useState } from 'react';
import { usePickableTemplates } from '../../features/message-templates/api/list-message-templates';
import {
  renderForCustomer,
  type RenderTarget,
} from '../../features/message-templates/api/render-message-template';
import { reportUnhandledError } from '../../lib/notify';

/** The text body a template sends (the chat sends texts only). */
export const textBodyOf = (template: MessageTemplate) =>
  template.message_bodies.find((body) => body.body_type === 'TEXT')?.message_body ?? '';

/**
 * The templates a chat may use (active, visible, with a text body), and `choose`, which renders one for this
 * customer and account (POST .../render/) and hands the text over. Shared by the picker and the '/' menu.
 */
export function useChatTemplates(
  merchantId: string,
  target: RenderTarget,
  onRendered: (templateId: string, body: string) => void,
) {
  const templates = usePickableTemplates(merchantId);
  const [isRendering, setIsRendering] = useState(false);
  const options = (templates.data ?? []).filter(
    (template) => template.active && template.is_visible && textBodyOf(template).trim() !== '',
  );
  const choose = async (id: string) => {
    if (!id) return;
    setIsRendering(true);
    try {
      const answer = await renderForCustomer(merchantId, id, target, 'TEXT');
      onRendered(id, answer.rendered_body);
    } catch (error) {
      reportUnhandledError(error);
    } finally {
      setIsRendering(false);
    }
  };
  return { options, isRendering, choose };
}

type Props = {
  templates: ReturnType<typeof useChatTemplates>;
  templateId: string | null;
};

/** docs/product.md §2: a template ('Choose a template'), rendered for this customer and account, fills the message. */
export function ChatTemplatePicker({ templates, templateId }: Props) {
  return (
    <NativeSelect
      aria-label="Template"
      size="xs"
      disabled={templates.isRendering}
      data={[
        { value: '', label: 'Choose a template' },
        ...templates.options.map((template) => ({ value: template.id, label: template.name })),
      ]}
      value={templateId ?? ''}
      onChange={(event) => void templates.choose(event.currentTarget.value)}
      w={200}
    />
  );
}
