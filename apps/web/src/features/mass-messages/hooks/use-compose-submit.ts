import { notifications } from '@mantine/notifications';
import { fillMessage, messages, translateMessage } from '@paylane/shared/messages';
import { DEFAULT_LANGUAGE } from '@paylane/shared/messaging';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../../lib/api-error';
import { applyServerErrors, isShownOnForm } from '../../../lib/form-errors';
import { useCreateMessageTemplate } from '../../message-templates/api/create-message-template';
import { useSendCustomersMessage } from '../api/send-customers-message';
import { defaultBatchName, type ComposeFormValues, type ComposeRules } from '../compose-form';

type Input = {
  merchantId: string;
  form: UseFormReturn<ComposeFormValues, ComposeRules>;
  templateId: string | null;
  recipientIds: readonly string[];
  isCsvImported: boolean;
  /** A refused send (or template): the review goes back to the fields, where the reasons show. */
  onRefused: () => void;
};

export type ComposePhase = 'idle' | 'busy' | 'sent';

/**
 * docs/product.md §4 compose flow: idle; busy on submit (creates a template if asked, sends, toasts); then sent (the
 * button shows Close). Errors go back to idle with the fields' messages, or the generic toast (5xx).
 */
export function useComposeSubmit(input: Input) {
  const { merchantId, form, templateId, recipientIds, isCsvImported, onRefused } = input;
  const [phase, setPhase] = useState<ComposePhase>('idle');
  // The batch the send wrote (its answer's batch_id): the report link after sending.
  const [batchId, setBatchId] = useState<string | null>(null);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  // One key per compose: a retry after a lost answer is the same send; a refused one (4xx) starts anew.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  // A template saved before a send that failed is not saved twice on the retry.
  const [savedTemplate, setSavedTemplate] = useState<{ name: string; id: string } | null>(null);
  const createTemplate = useCreateMessageTemplate(merchantId);
  const send = useSendCustomersMessage(merchantId);

  /** The new template's id, or undefined when it was refused (the reason is on the form). */
  const saveTemplate = async (values: ComposeFormValues): Promise<string | undefined> => {
    const name = values.template_name.trim();
    if (savedTemplate?.name === name) return savedTemplate.id;
    try {
      const created = await createTemplate.mutateAsync({
        name,
        message_bodies: [{ language: DEFAULT_LANGUAGE, body_type: 'TEXT', message_body: values.message }],
        delta_days: null,
        type: 'UNSCHEDULED',
      });
      setSavedTemplate({ name, id: created.id });
      return created.id;
    } catch (error) {
      if (isApiError(error) && error.fieldErrors?.name) {
        const message = error.fieldErrors.name.map((text) => translateMessage(text)).join(' ');
        form.setError('template_name', { type: 'server', message }, { shouldFocus: true });
      }
      if (isApiError(error) && isShownOnForm(error)) {
        const { name: _name, ...others } = error.fieldErrors ?? {};
        const texts = [error.detail, ...(error.nonFieldErrors ?? []), ...Object.values(others).flat()];
        setFormMessages(
          texts.filter((text): text is string => Boolean(text)).map((text) => translateMessage(text)),
        );
      }
      return undefined;
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    setPhase('busy');
    const messageTemplateId = values.save_as_template ? await saveTemplate(values) : templateId;
    if (messageTemplateId === undefined) {
      setPhase('idle');
      onRefused();
      return;
    }
    try {
      const answer = await send.mutateAsync({
        idempotencyKey,
        input: {
          message_template_id: messageTemplateId,
          message: values.message,
          customers: [...recipientIds],
          batch_name: values.batch_name.trim() || defaultBatchName(recipientIds.length),
          is_csv_imported: isCsvImported,
        },
      });
      notifications.show({
        color: 'green',
        message: fillMessage(messages.batchProcessing, { n: answer.queued }),
        autoClose: 5000,
      });
      if (answer.unknown_customers.length > 0) {
        notifications.show({
          color: 'orange',
          message: fillMessage(messages.unknownCustomers, { n: answer.unknown_customers.length }),
        });
      }
      setBatchId(answer.batch_id);
      setPhase('sent');
    } catch (error) {
      setPhase('idle');
      setFormMessages(applyServerErrors(error, form.setError, ['message', 'batch_name']));
      if (isShownOnForm(error)) {
        setIdempotencyKey(crypto.randomUUID());
        onRefused();
      }
    }
  });

  return { phase, formMessages, submit, batchId };
}
