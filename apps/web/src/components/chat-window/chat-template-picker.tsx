import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { usePickableTemplates } from '../../features/message-templates/api/list-message-templates';
import {
  renderForCustomer,
  type RenderTarget,
} from '../../features/message-templates/api/render-message-template';
import { reportUnhandledError } from '../../lib/notify';

type Props = {
  merchantId: string;
  target: RenderTarget;
  templateId: string | null;
  onRendered: (templateId: string, body: string) => void;
};

/** docs/product.md §2: a template, rendered for this customer and account (POST .../render/), fills the message. */
export function ChatTemplatePicker({ merchantId, target, templateId, onRendered }: Props) {
  const templates = usePickableTemplates(merchantId);
  const [isRendering, setIsRendering] = useState(false);
  const options = (templates.data ?? []).filter(
    (template) =>
      template.active &&
      template.is_visible &&
      template.message_bodies.some((body) => body.body_type === 'TEXT' && body.message_body.trim() !== ''),
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
  return (
    <NativeSelect
      label="Template"
      disabled={isRendering}
      data={[
        { value: '', label: 'Choose a template' },
        ...options.map((template) => ({ value: template.id, label: template.name })),
      ]}
      value={templateId ?? ''}
      onChange={(event) => void choose(event.currentTarget.value)}
      w={240}
    />
  );
}
