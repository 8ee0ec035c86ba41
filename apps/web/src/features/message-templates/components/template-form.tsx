import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Group, Stack, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import type { MessageTemplate, MessageTemplateWrite } from '@paylane/shared/contracts/message-templates';
import { hasCollectorName, SMS_BODY_MAX } from '@paylane/shared/messaging';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { useLeaveConfirmation } from '../../../lib/use-leave-confirmation';
import { insertAtCursor } from '../../../lib/insert-at-cursor';
import {
  templateFormSchema,
  toTemplateFormValues,
  toTemplateWrite,
  type TemplateFormValues,
} from '../template-form-values';
import { AutomationFields } from './automation-fields';
import { BodyCounter } from '../../../components/body-counter';
import { MergeFieldButtons } from './merge-field-buttons';
import { showTemplateSaveErrors } from './template-save-errors';
import { TemplatePreview } from './template-preview';

export const templateTabs = ['edit', 'text', 'email'] as const;
export type TemplateTab = (typeof templateTabs)[number];

type BodyName = 'message' | 'email_message';

type Props = {
  merchantId: string;
  template: MessageTemplate | null;
  tab: TemplateTab;
  onTabChange: (tab: TemplateTab) => void;
  /** The template's own path: its tabs live under it, anything else is leaving. */
  pagePath: string;
  /** Saves the template; throws the API error on failure. */
  onSave: (write: MessageTemplateWrite) => Promise<void>;
  onSaved: () => void;
  onCancel: () => void;
};

export const CONSENT_NOTE =
  'By saving, you affirm that the customers this template is sent to have given express permission to ' +
  'receive text messages and emails from your business. Customers who opt out (for example by replying ' +
  'STOP) are never sent it.';

/** docs/product.md §2 template edit: name, message, merge snippets, Edit/Text/Email, automation, consent note. */
export function TemplateForm(props: Props) {
  const { merchantId, template, tab } = props;
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const [isSaving, setIsSaving] = useState(false);
  const form = useForm<TemplateFormValues, unknown, TemplateFormValues>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: toTemplateFormValues(template),
  });
  const [message, emailMessage, automation] = useWatch({
    control: form.control,
    name: ['message', 'email_message', 'automation'],
  });
  const { errors, isDirty } = form.formState;
  // docs/product.md §4: editing sets a draft; leaving asks; save clears it; on error the draft returns.
  // Moving between the Edit, Text and Email tabs (paths under pagePath) is not leaving.
  const leave = useLeaveConfirmation(
    isDirty,
    (next) => next === props.pagePath || next.startsWith(`${props.pagePath}/`),
  );
  const isSystem = template?.is_system ?? false;
  const hasCollector = hasCollectorName(message) || hasCollectorName(emailMessage);

  const bodyIds: Record<BodyName, string> = { message: useId(), email_message: useId() };
  const [snippetTarget, setSnippetTarget] = useState<BodyName>('message');

  // docs/product.md §4: a collector-name placeholder disables and clears automation.
  const clearAutomationFor = (body: string) => {
    if (!hasCollectorName(body) || form.getValues('automation') === 'none') return;
    form.setValue('automation', 'none', { shouldDirty: true });
    form.setValue('days', '', { shouldDirty: true });
  };
  const bodyField = (name: BodyName) => {
    const field = form.register(name, { onChange: (event) => clearAutomationFor(event.target.value) });
    return { ...field, id: bodyIds[name], onFocus: () => setSnippetTarget(name) };
  };

  const insertSnippet = (snippet: string) => {
    const element = document.getElementById(bodyIds[snippetTarget]);
    if (!(element instanceof HTMLTextAreaElement)) return;
    const selection = { start: element.selectionStart, end: element.selectionEnd };
    const next = insertAtCursor(form.getValues(snippetTarget), snippet, selection);
    form.setValue(snippetTarget, next.text, { shouldDirty: true, shouldValidate: true });
    clearAutomationFor(next.text);
    element.focus();
    element.setSelectionRange(next.cursor, next.cursor);
  };

  const save = form.handleSubmit(async (values) => {
    setFormMessages([]);
    setIsSaving(true);
    try {
      await props.onSave(toTemplateWrite(values, template));
    } catch (error) {
      setIsSaving(false);
      setFormMessages(showTemplateSaveErrors(error, form.setError, values.automation));
      return;
    }
    leave.allowNextNavigation();
    props.onSaved();
  });

  const emailPreviewBody = emailMessage.trim() ? emailMessage : message;
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md" maw={860}>
        <FormAlert messages={formMessages} />
        {isSystem && template ? (
          <Group gap="xs">
            <Badge color="gray.3" autoContrast variant="filled">
              Auto generated
            </Badge>
            <Text size="sm" c="dimmed">
              {template.type}: the system sends it when this event happens. It must remain active.
            </Text>
          </Group>
        ) : null}
        <Tabs value={tab} onChange={(value) => value && props.onTabChange(value as TemplateTab)}>
          <Tabs.List aria-label="Template views">
            <Tabs.Tab value="edit">Edit</Tabs.Tab>
            <Tabs.Tab value="text">Text</Tabs.Tab>
            <Tabs.Tab value="email">Email</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="edit" pt="md">
            <Stack gap="md">
              <TextInput label="Name" withAsterisk error={errors.name?.message} {...form.register('name')} />
              <div>
                <Textarea
                  label="Message"
                  description="The text message; merge fields are filled in for each customer."
                  withAsterisk
                  rows={5}
                  maxLength={SMS_BODY_MAX}
                  error={errors.message?.message}
                  {...bodyField('message')}
                />
                <BodyCounter body={message} />
              </div>
              <Textarea
                label="Email Message"
                description="Optional: the body of the email version (the Email tab shows it)."
                rows={5}
                {...bodyField('email_message')}
              />
              <MergeFieldButtons onInsert={insertSnippet} />
              {isSystem ? null : (
                <AutomationFields form={form} automation={automation} hasCollector={hasCollector} />
              )}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="text" pt="md">
            <TemplatePreview
              merchantId={merchantId}
              body={message}
              type="TEXT"
              isShown={tab === 'text'}
              templateId={template?.id ?? null}
            />
          </Tabs.Panel>
          <Tabs.Panel value="email" pt="md">
            <TemplatePreview
              merchantId={merchantId}
              body={emailPreviewBody}
              type="EMAIL"
              isShown={tab === 'email'}
              templateId={template?.id ?? null}
              note={
                emailMessage.trim()
                  ? undefined
                  : 'This template has no email message: the text message is shown.'
              }
            />
          </Tabs.Panel>
        </Tabs>
        <Text size="sm" c="dimmed" role="note" aria-label="Consent">
          {CONSENT_NOTE}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          {/* docs/product.md §5: Save is disabled while the message is empty. */}
          <Button type="submit" loading={isSaving} disabled={message.trim() === ''}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
