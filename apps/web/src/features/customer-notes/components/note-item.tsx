import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { customerNoteWriteSchema, type CustomerNote } from '@paylane/shared/contracts/customer-notes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { formatDateTime } from '../../../lib/date-time';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatFullName } from '../../../lib/format';
import { useUpdateCustomerNote } from '../api/update-customer-note';

type Props = {
  merchantId: string;
  customerId: string;
  note: CustomerNote;
  timeZone: string | undefined;
  /** 'Account 1001' when the note is about an account. */
  accountLabel: string | null;
  canEdit: boolean;
};

const editSchema = customerNoteWriteSchema.pick({ body: true });

/** One note: who wrote it and when, its account, the text; edited in place by those who may. */
export function NoteItem({ merchantId, customerId, note, timeZone, accountLabel, canEdit }: Props) {
  const [isEditing, setIsEditing] = useState(false);
  const meta = [
    formatDateTime(note.created, timeZone),
    note.author ? formatFullName(note.author) : 'System',
    accountLabel,
    note.updated !== note.created ? 'edited' : null,
  ].filter(Boolean);
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {meta.join(' · ')}
        </Text>
        {canEdit && !isEditing ? (
          <Button size="compact-xs" variant="subtle" onClick={() => setIsEditing(true)}>
            Edit
          </Button>
        ) : null}
      </Group>
      {isEditing ? (
        <NoteEditForm
          merchantId={merchantId}
          customerId={customerId}
          note={note}
          onDone={() => setIsEditing(false)}
        />
      ) : (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
          {note.body}
        </Text>
      )}
    </Paper>
  );
}

function NoteEditForm(props: {
  merchantId: string;
  customerId: string;
  note: CustomerNote;
  onDone: () => void;
}) {
  const { merchantId, customerId, note, onDone } = props;
  const update = useUpdateCustomerNote(merchantId, customerId);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<{ body: string }>({
    resolver: zodResolver(editSchema),
    defaultValues: { body: note.body },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      await update.mutateAsync({ noteId: note.id, body: values.body });
      onDone();
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, ['body']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs" mt={4}>
        <FormAlert messages={formMessages} />
        <Textarea
          label="Edit note"
          rows={4}
          data-autofocus
          {...form.register('body')}
          error={form.formState.errors.body?.message}
        />
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button size="xs" type="submit" loading={form.formState.isSubmitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
