import { Group, NativeSelect, TextInput } from '@mantine/core';
import type { AutomationChoice } from '@paylane/shared/messaging';
import type { UseFormReturn } from 'react-hook-form';
import type { TemplateFormValues } from '../template-form-values';

const choices: { value: AutomationChoice; label: string }[] = [
  { value: 'none', label: 'No automation' },
  { value: 'before', label: 'Before due date' },
  { value: 'on', label: 'On due date' },
  { value: 'after', label: 'After due date' },
];

type Props = {
  form: UseFormReturn<TemplateFormValues, unknown, TemplateFormValues>;
  automation: AutomationChoice;
  /** docs/product.md §4: a collector-name placeholder disables and clears automation. */
  hasCollector: boolean;
};

/** docs/product.md §4 automation schedule: none, before (positive days), on (0), after (negative days) the due date. */
export function AutomationFields({ form, automation, hasCollector }: Props) {
  const { errors } = form.formState;
  const needsDays = !hasCollector && (automation === 'before' || automation === 'after');
  return (
    <Group align="flex-start" grow maw={560}>
      <NativeSelect
        label="Automation"
        description={
          hasCollector
            ? 'Templates with {{collector_name}} are sent by a collector, never automatically.'
            : "Sends the template automatically to each account by its due date, in the merchant's time zone."
        }
        data={choices}
        disabled={hasCollector}
        error={errors.automation?.message}
        {...form.register('automation', {
          onChange: () => form.clearErrors(['automation', 'days']),
        })}
      />
      <TextInput
        label="Delta days"
        description={
          automation === 'before'
            ? 'Days before the due date'
            : automation === 'after'
              ? 'Days after the due date'
              : 'Only for before or after the due date'
        }
        inputMode="numeric"
        disabled={!needsDays}
        error={errors.days?.message}
        {...form.register('days')}
      />
    </Group>
  );
}
