import { Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AccountTag } from '@paylane/shared/contracts/account-tags';
import { useDeleteAccountTag } from '../api/delete-account-tag';
import { RowAction, RowActions } from '../../../components/row-actions';

type Props = { merchantId: string; tags: AccountTag[]; onRename: (tag: AccountTag) => void };

export function AccountTagTable({ merchantId, tags, onRename }: Props) {
  const remove = useDeleteAccountTag(merchantId);

  // docs/product.md §8: 'Are you sure you would like to remove {name}?'
  const confirmRemove = (tag: AccountTag) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: 'Remove Tag',
      children: <Text size="sm">Are you sure you would like to remove {tag.name}?</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(tag.id),
    });

  return (
    <Table striped highlightOnHover aria-label="Tags">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tags.map((tag) => (
          <Table.Tr key={tag.id}>
            <Table.Td>{tag.name}</Table.Td>
            <Table.Td>
              <RowActions>
                <RowAction aria-label={`Rename ${tag.name}`} onClick={() => onRename(tag)}>
                  Rename
                </RowAction>
                <RowAction danger aria-label={`Delete ${tag.name}`} onClick={() => confirmRemove(tag)}>
                  Delete
                </RowAction>
              </RowActions>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
