import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Modal, Stack } from '@mantine/core';
import type { MessageTemplate } from '@paylane/shared/contracts/message-templates';
import { DEFAULT_LANGUAGE } from '@paylane/shared/messaging';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import type { CsvRecipients } from '../../../components/csv-key-column-upload';
import { usePickableTemplates } from '../../message-templates/api/list-message-templates';
import { useCan } from '../../profile/hooks/use-can';
import {
  composeFormSchema,
  defaultBatchName,
  normalizeTemplateName,
  type ComposeFormValues,
  type ComposeRules,
} from '../compose-form';
import { useComposeSubmit } from '../hooks/use-compose-submit';
import { useRecipients, type RecipientSource } from '../hooks/use-recipients';
import { ComposeFooter } from './compose-footer';
import { ComposeMessageFields } from './compose-message-fields';
import { ComposeReview } from './compose-review';
import { RecipientsFields, type RecipientMode } from './recipients-fields';

export type ComposeModalProps = {
  merchantId: string;
  onClose: () => void;
  /** Customers chosen before opening (our ids), e.g. the customer list's selection: CSV is then off. */
  customerIds?: readonly string[];
};

const textBodyOf = (template: MessageTemplate) =>
  (
    template.message_bodies.find((body) => body.body_type === 'TEXT' && body.language === DEFAULT_LANGUAGE) ??
    template.message_bodies.find((body) => body.body_type === 'TEXT')
  )?.message_body ?? '';

const noRules: ComposeRules = { needsBatchName: true, templateNames: new Set() };
// The rules depend on the recipients chosen, so the form passes them in as its context.
const composeResolver: Resolver<ComposeFormValues, ComposeRules> = (values, rules, options) =>
  zodResolver(composeFormSchema(rules ?? noRules))(values, rules, options);

/**
 * docs/product.md §2 'New Mass Text Message' (§4 compose flow, §5 rules, §8 toasts): recipients by group or CSV (or
 * the customers chosen before opening), a template, the message, a batch name, optionally saved as a new
 * template; then Review (the message for one real recipient, its cost) and Send; after it, the batch's report.
 * Render it to open it; the inbox of issue 6 opens it too.
 */
export function ComposeModal({ merchantId, onClose, customerIds = [] }: ComposeModalProps) {
  const canWriteFreeText = useCan('freeText', merchantId);
  const canSaveTemplate = useCan('manageTemplates', merchantId);
  const [mode, setMode] = useState<RecipientMode>(customerIds.length > 0 ? 'selected' : 'group');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [csv, setCsv] = useState<CsvRecipients | null>(null);
  const [template, setTemplate] = useState<MessageTemplate | null>(null);
  const [step, setStep] = useState<'compose' | 'review'>('compose');

  const templates = usePickableTemplates(merchantId);
  const allTemplates = templates.data ?? [];
  // docs/product.md §2: the picker offers active, visible templates.
  const pickable = allTemplates.filter((item) => item.active && item.is_visible && textBodyOf(item) !== '');
  const source = recipientSource(mode, customerIds, groupId, csv);
  const recipients = useRecipients(merchantId, source);
  const recipientIds = recipients.data?.customerIds ?? [];
  const rules: ComposeRules = {
    needsBatchName: mode !== 'selected',
    templateNames: new Set(allTemplates.map((item) => normalizeTemplateName(item.name))),
  };
  const form = useForm<ComposeFormValues, ComposeRules>({
    resolver: composeResolver,
    context: rules,
    mode: 'onTouched',
    defaultValues: { message: '', batch_name: '', save_as_template: false, template_name: '' },
  });
  const values = useWatch({ control: form.control }) as ComposeFormValues;
  const { phase, formMessages, submit, batchId } = useComposeSubmit({
    merchantId,
    form,
    templateId: template?.id ?? null,
    recipientIds,
    isCsvImported: mode === 'csv',
    onRefused: () => setStep('compose'),
  });

  const validation = composeFormSchema(rules).safeParse(values);
  const blocker = sendBlocker({
    mode,
    source,
    csv,
    recipients,
    isValid: validation.success,
    message: values.message,
  });
  // docs/product.md §5: Send is disabled while busy, with no recipients, or when invalid (CSV needs a key column);
  // the Review button that leads to it is disabled for the same reasons, shown under it.
  const canReview = phase === 'idle' && blocker === null;
  const sample = recipients.data?.sample ?? null;
  const isReviewing = step === 'review' && sample !== null;
  const toReview = form.handleSubmit(() => setStep('review'));
  const backToCompose = () => {
    setStep('compose');
    // After the fields show again.
    setTimeout(() => form.setFocus('message'));
  };

  const pickTemplate = (next: MessageTemplate | null) => {
    setTemplate(next);
    form.setValue('message', next ? textBodyOf(next) : '', { shouldValidate: true, shouldDirty: true });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title="New Mass Text Message"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <form onSubmit={isReviewing ? submit : toReview} noValidate>
        <Stack gap="md">
          <FormAlert messages={formMessages} />
          {/* Hidden, not unmounted, while reviewing: Back finds every field (and the CSV) as it was left. */}
          <Box display={isReviewing ? 'none' : undefined}>
            <Stack gap="md">
              <RecipientsFields
                merchantId={merchantId}
                mode={mode}
                onModeChange={setMode}
                selectedCount={customerIds.length}
                groupId={groupId}
                onGroupChange={setGroupId}
                csv={csv}
                onCsvChange={setCsv}
                recipients={recipients}
                disabled={phase !== 'idle'}
              />
              <ComposeMessageFields
                form={form}
                templates={pickable}
                templateId={template?.id ?? null}
                onTemplateChange={pickTemplate}
                canWriteFreeText={canWriteFreeText}
                canSaveTemplate={canSaveTemplate}
                needsBatchName={rules.needsBatchName}
                batchNamePlaceholder={mode === 'selected' ? defaultBatchName(recipientIds.length) : ''}
                disabled={phase !== 'idle'}
              />
            </Stack>
          </Box>
          {isReviewing ? (
            <ComposeReview
              merchantId={merchantId}
              message={values.message}
              sample={sample}
              recipientCount={recipientIds.length}
              // Only who may type freely may change a template's words (docs/product.md §6).
              onReplace={
                canWriteFreeText && phase === 'idle'
                  ? (plain) => form.setValue('message', plain, { shouldDirty: true, shouldValidate: true })
                  : null
              }
            />
          ) : null}
          <ComposeFooter
            step={isReviewing ? 'review' : 'compose'}
            phase={phase}
            blocker={blocker}
            canReview={canReview}
            batchId={batchId}
            onBack={backToCompose}
            onClose={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}

function recipientSource(
  mode: RecipientMode,
  customerIds: readonly string[],
  groupId: string | null,
  csv: CsvRecipients | null,
): RecipientSource | null {
  if (mode === 'selected') return customerIds.length > 0 ? { kind: 'selected', customerIds } : null;
  if (mode === 'group') return groupId ? { kind: 'group', groupId } : null;
  return csv?.column ? { kind: 'csv', table: csv.table, column: csv.column } : null;
}

type BlockerInput = {
  mode: RecipientMode;
  source: RecipientSource | null;
  csv: CsvRecipients | null;
  recipients: ReturnType<typeof useRecipients>;
  isValid: boolean;
  message: string;
};

/** Why Send is disabled, in words (null: it is not). */
function sendBlocker({ mode, source, csv, recipients, isValid, message }: BlockerInput): string | null {
  if (mode === 'csv' && !csv) return 'Upload a CSV file of customers.';
  if (mode === 'csv' && !csv?.column) return 'Choose the key column of the CSV.';
  if (!source) return mode === 'group' ? 'Choose a group.' : 'Choose the recipients.';
  if (recipients.isFetching) return 'Checking recipients…';
  if ((recipients.data?.customerIds.length ?? 0) === 0) return 'No customer here can receive texts.';
  if (message.trim() === '') return 'Write a message or choose a template.';
  if (!isValid) return 'Complete the required fields.';
  return null;
}
