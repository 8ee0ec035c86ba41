import { Kbd, Modal, Stack, Table, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { Fragment, type ReactNode } from 'react';

const isDialogOpen = () => document.querySelector('[role="dialog"]') !== null;

const keys = (...names: string[]) =>
  names.map((name, index) => (
    <Fragment key={name}>
      {index > 0 ? ' + ' : null}
      <Kbd>{name}</Kbd>
    </Fragment>
  ));

type Shortcut = { keys: ReactNode; action: string };

/**
 * What the app's keys do, as the code does it: the command palette (command-palette.tsx), the inbox
 * (features/inbox/hooks/use-inbox-keys.ts) and the chat's message box (components/chat-window/chat-composer.tsx).
 */
const sections: { title: string; shortcuts: Shortcut[] }[] = [
  {
    title: 'Anywhere',
    shortcuts: [
      {
        keys: (
          <>
            {keys('Ctrl', 'K')} or {keys('⌘', 'K')}
          </>
        ),
        action: 'Find a customer or a page',
      },
      { keys: keys('?'), action: 'Show these shortcuts (outside text fields)' },
    ],
  },
  {
    title: 'Inbox',
    shortcuts: [
      {
        keys: (
          <>
            {keys('J')} / {keys('K')}
          </>
        ),
        action: 'Next / previous conversation (outside text fields)',
      },
      {
        keys: (
          <>
            {keys('Alt', '↓')} / {keys('Alt', '↑')}
          </>
        ),
        action: 'Next / previous conversation',
      },
      { keys: keys('Esc'), action: 'Back to the conversation list' },
    ],
  },
  {
    title: 'Chat',
    shortcuts: [
      {
        keys: (
          <>
            {keys('Enter')} or {keys('Ctrl', 'Enter')} / {keys('⌘', 'Enter')}
          </>
        ),
        action: 'Send the message',
      },
      { keys: keys('Shift', 'Enter'), action: 'New line in the message' },
      { keys: keys('/'), action: 'In an empty message: search the templates (↑/↓ and Enter pick one)' },
    ],
  },
];

/**
 * `?` (Shift+/) opens the list, like the inbox's J/K: ignored while typing in a text field (useHotkeys skips
 * inputs, textareas, selects and editable text) and while another dialog is open.
 */
export function useKeyboardShortcutsKey(open: () => void) {
  const openUnlessBusy = () => {
    if (!isDialogOpen()) open();
  };
  // Shift+/ gives '?' on US keyboards; '?' alone covers a layout or tool that reports it without Shift.
  useHotkeys([
    ['shift+?', openUnlessBusy],
    ['?', openUnlessBusy],
  ]);
}

/** The 'Keyboard shortcuts' dialog (issue 20). */
export function KeyboardShortcuts({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title="Keyboard shortcuts"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="lg">
        {sections.map((section) => (
          <section key={section.title} aria-labelledby={`shortcuts-${section.title}`}>
            <Title order={3} size="h5" mb="xs" id={`shortcuts-${section.title}`}>
              {section.title}
            </Title>
            <Table withRowBorders verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="45%">Keys</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {section.shortcuts.map((shortcut) => (
                  <Table.Tr key={shortcut.action}>
                    <Table.Td>{shortcut.keys}</Table.Td>
                    <Table.Td>{shortcut.action}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
      </Stack>
    </Modal>
  );
}
