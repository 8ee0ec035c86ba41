import { Button, Group, Modal, NativeSelect, Stack } from '@mantine/core';
import { validationMessages } from '@paylane/shared/validation';
import { useState } from 'react';
import { useLocations } from '../../locations/api/list-locations';

type Props = {
  merchantId: string;
  location: string;
  onApply: (location: string) => void;
  onClose: () => void;
};

/** docs/product.md §2/§5 inbox filters: Location (All Locations plus each location), required. */
export function InboxFiltersModal({ merchantId, location, onApply, onClose }: Props) {
  const locations = useLocations(merchantId);
  const [value, setValue] = useState(location);
  const [error, setError] = useState<string | null>(null);
  const options = [
    { value: 'all', label: 'All Locations' },
    ...(locations.data?.results ?? []).map((item) => ({ value: item.id, label: item.name })),
  ];
  const apply = () => {
    if (!value) return setError(validationMessages.required);
    onApply(value);
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title="Filters" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <NativeSelect
          label="Location"
          withAsterisk
          required
          data={options}
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={apply}>Apply</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
