import { Checkbox, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { MessageTemplate } from '@paylane/shared/contracts/message-templates';
import { messages, translateMessage } from '@paylane/shared/messages';
import { createContext, use, useMemo } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaging,
} from '../../../components/data-table/data-table';
import { RowLink } from '../../../components/data-table/row-link';
import { EmptyState } from '../../../components/empty-state';
import { isApiError } from '../../../lib/api-error';
import { isShownOnForm } from '../../../lib/form-errors';
import { errorDetailText } from '../../../lib/notify';
import { useDeleteMessageTemplate } from '../api/delete-message-template';
import { toTemplateWrite, useUpdateMessageTemplate } from '../api/update-message-template';
import { RowAction } from '../../../components/row-actions';

/** docs/product.md §9: the template table pages by 50 or 100 rows (50 first). */
export const TEMPLATE_PAGE_SIZES = [50, 100] as const;

type RowActions = {
  toggleActive: (template: MessageTemplate, active: boolean) => void;
  confirmDelete: (template: MessageTemplate) => void;
  /** The template whose Active change is being saved, and the value it is getting. */
  pending: { templateId: string; active: boolean } | null;
};

// The cells read the actions from context, so the columns stay the same objects between renders (a new
// cell function would remount the cell and drop a click in progress).
const RowActionsContext = createContext<RowActions | null>(null);

function useRowActions(): RowActions {
  const actions = use(RowActionsContext);
  if (!actions) throw new Error('Template row actions are missing');
  return actions;
}

/** The server's words for a refused change ('Auto generated templates must remain active'). */
function refusalText(error: unknown): string {
  if (!isApiError(error)) return '';
  const fieldTexts = Object.values(error.fieldErrors ?? {}).flat();
  return [errorDetailText(error), ...fieldTexts.map((text) => translateMessage(text))]
    .filter(Boolean)
    .join(' ');
}

function ActiveCell({ template }: { template: MessageTemplate }) {
  const { toggleActive, pending } = useRowActions();
  const isSaving = pending?.templateId === template.id;
  const box = (
    <Checkbox
      aria-label={`Active: ${template.name}`}
      checked={isSaving ? pending.active : template.active}
      disabled={template.is_system || isSaving}
      onChange={(event) => toggleActive(template, event.currentTarget.checked)}
    />
  );
  if (!template.is_system) return box;
  // docs/product.md §4: system templates must stay active; the hint (shown on hover) says why the box cannot change.
  return (
    <span title={messages.systemTemplateActive} style={{ display: 'inline-block' }}>
      {box}
    </span>
  );
}

function DeleteCell({ template }: { template: MessageTemplate }) {
  const { confirmDelete } = useRowActions();
  // docs/product.md §4: system templates cannot be deleted.
  if (template.is_system) {
    return (
      <Text size="xs" c="dimmed">
        Auto generated
      </Text>
    );
  }
  return (
    <RowAction danger aria-label={`Delete ${template.name}`} onClick={() => confirmDelete(template)}>
      Delete
    </RowAction>
  );
}

const columns: DataTableColumn<MessageTemplate>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => <RowLink rowId={row.id}>{row.original.name}</RowLink> },
  { id: 'active', header: 'Active', cell: ({ row }) => <ActiveCell template={row.original} /> },
  {
    id: 'delete',
    header: () => <VisuallyHidden>Delete</VisuallyHidden>,
    cell: ({ row }) => <DeleteCell template={row.original} />,
  },
];

function useTemplateRowActions(merchantId: string): RowActions {
  const { mutate: update, isPending, variables } = useUpdateMessageTemplate(merchantId);
  const { mutate: remove } = useDeleteMessageTemplate(merchantId);
  const pendingId = isPending ? variables?.templateId : undefined;
  const pendingActive = isPending ? variables?.data.active : undefined;
  return useMemo(
    () => ({
      // docs/product.md §4: the Active checkbox is saved at once.
      toggleActive: (template, active) =>
        update(
          { templateId: template.id, data: { ...toTemplateWrite(template), active } },
          {
            onError: (error) => {
              if (!isShownOnForm(error)) return;
              notifications.show({ color: 'red', message: refusalText(error) || messages.genericError });
            },
          },
        ),
      confirmDelete: (template) =>
        modals.openConfirmModal({
          title: 'Delete Template',
          children: <Text size="sm">{messages.deleteTemplateConfirm}</Text>,
          labels: { confirm: 'Delete', cancel: 'Cancel' },
          confirmProps: { color: 'red' },
          closeButtonProps: { 'aria-label': 'Close' },
          onConfirm: () => remove(template.id),
        }),
      pending: pendingId ? { templateId: pendingId, active: pendingActive ?? false } : null,
    }),
    [update, remove, pendingId, pendingActive],
  );
}

type Props = {
  merchantId: string;
  templates: MessageTemplate[] | undefined;
  isFetching: boolean;
  isSearching: boolean;
  paging: DataTablePaging;
};

/** docs/product.md §2 template list: Name, Active checkbox, Delete; a row click opens the template. */
export function TemplatesTable({ merchantId, templates, isFetching, isSearching, paging }: Props) {
  const actions = useTemplateRowActions(merchantId);
  return (
    <RowActionsContext value={actions}>
      <DataTable
        label="Message templates"
        columns={columns}
        data={templates}
        getRowId={(template) => template.id}
        isFetching={isFetching}
        paging={{ ...paging, pageSizes: TEMPLATE_PAGE_SIZES }}
        emptyState={
          <EmptyState
            title="No Results Found"
            description={isSearching ? 'No template matches the search.' : 'Templates you create show here.'}
          />
        }
      />
    </RowActionsContext>
  );
}
