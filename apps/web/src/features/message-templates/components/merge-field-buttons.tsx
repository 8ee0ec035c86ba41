import { Button, Group, Text } from '@mantine/core';
import { mergeFields, mergeSnippet, type MergeField } from '@paylane/shared/messaging';
import { useId } from 'react';
import { mergeFieldLabels } from '../merge-field-labels';

type Props = {
  onInsert: (snippet: string, field: MergeField) => void;
  disabled?: boolean;
  /** Which fields to offer; all 13 of docs/product.md §9 by default. */
  fields?: readonly MergeField[];
};

/** docs/product.md §2 merge snippets: each button puts {{field}} where the cursor is in the message. */
export function MergeFieldButtons({ onInsert, disabled = false, fields = mergeFields }: Props) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500} mb={4}>
        Merge Fields
      </Text>
      <Group gap={6}>
        {fields.map((field) => (
          <Button
            key={field}
            size="compact-xs"
            variant="default"
            disabled={disabled}
            title={`Insert ${mergeSnippet(field)}`}
            // The cursor stays in the message: the button does not take the focus on click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(mergeSnippet(field), field)}
          >
            {mergeFieldLabels[field]}
          </Button>
        ))}
      </Group>
    </div>
  );
}
