import { Avatar, FileInput, Group, Stack, Text } from '@mantine/core';
import {
  LOGO_FIELD,
  LOGO_MAX_BYTES,
  logoAcceptedTypes,
  logoMessages,
  type Merchant,
} from '@paylane/shared/contracts/merchants';
import { translateMessage } from '@paylane/shared/messages';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useUploadMerchantLogo } from '../api/upload-merchant-logo';

/** The server's words for the upload, or nothing when the generic toast already spoke (5xx, network). */
function uploadErrorText(error: unknown): string | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return null;
  const texts =
    error.fieldErrors?.[LOGO_FIELD] ?? error.nonFieldErrors ?? (error.detail ? [error.detail] : []);
  return texts.map((text) => translateMessage(text)).join(' ') || null;
}

/** Picks and uploads the merchant's logo right away; the 1 MB limit is checked here before sending. */
export function MerchantLogoUpload({ merchant }: { merchant: Merchant }) {
  const upload = useUploadMerchantLogo(merchant.id);
  const [error, setError] = useState<string | null>(null);

  const onPick = async (file: File | null) => {
    setError(null);
    if (!file) return;
    // docs/product.md §5: attachments under 1 MB, 'File must be less than 1mb in size'.
    if (file.size > LOGO_MAX_BYTES) return setError(logoMessages.tooLarge);
    try {
      await upload.mutateAsync(file);
      notifications.show({ color: 'green', message: 'Logo saved', autoClose: 2000 });
    } catch (failure) {
      setError(uploadErrorText(failure));
    }
  };

  return (
    <Group align="flex-start" wrap="nowrap">
      <Avatar src={merchant.logo} alt={`${merchant.name} logo`} size={64} radius="sm">
        {merchant.name.slice(0, 2).toUpperCase()}
      </Avatar>
      <Stack gap={4} flex={1} maw={400}>
        <FileInput
          label="Logo"
          placeholder="Choose a PNG, JPEG or WebP image"
          accept={logoAcceptedTypes.join(',')}
          value={null}
          onChange={(file) => void onPick(file)}
          disabled={upload.isPending}
          error={error}
        />
        <Text size="xs" c="dimmed">
          Under 1 MB.
        </Text>
      </Stack>
    </Group>
  );
}
