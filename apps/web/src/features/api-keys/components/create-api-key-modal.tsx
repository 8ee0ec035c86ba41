import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  apiKeyCreateSchema,
  type ApiKeyCreate,
  type ApiKeyCreateInput,
  type CreatedApiKey,
} from '@paylane/shared/contracts/api-keys';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateApiKey } from '../api/create-api-key';

type Props = { merchantId: string; onClose: () => void };

/**
 * Names a new key, then shows it once with a copy button. The key lives only in this modal's state: closing
 * the modal forgets it, and the server cannot show it again.
 */
export function CreateApiKeyModal({ merchantId, onClose }: Props) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      title={created ? 'API Key Created' : 'Create API Key'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {created ? (
        <NewKeyNotice apiKey={created} onDone={onClose} />
      ) : (
        <NameForm merchantId={merchantId} onCreated={setCreated} onCancel={onClose} />
      )}
    </Modal>
  );
}

function NameForm({
  merchantId,
  onCreated,
  onCancel,
}: {
  merchantId: string;
  onCreated: (apiKey: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const create = useCreateApiKey(merchantId);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<ApiKeyCreateInput, unknown, ApiKeyCreate>({
    resolver: zodResolver(apiKeyCreateSchema),
    defaultValues: { name: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, ['name']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormAlert messages={formMessages} />
        <TextInput
          label="Key Name"
          description="What will use this key, e.g. the DMS sync"
          withAsterisk
          data-autofocus
          {...form.register('name')}
          error={form.formState.errors.name?.message}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NewKeyNotice({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" variant="light" role="status">
        Copy this key now. It will not be shown again.
      </Alert>
      <Text size="sm">
        Send it as <Code>Authorization: Api-Key &lt;key&gt;</Code>. It acts with staff rights in this merchant
        only.
      </Text>
      <TextInput
        label="API Key"
        value={apiKey.key}
        readOnly
        ff="monospace"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group justify="flex-end">
        <CopyButton value={apiKey.key}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'teal' : 'blue'} onClick={copy}>
              {copied ? 'Copied' : 'Copy Key'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
