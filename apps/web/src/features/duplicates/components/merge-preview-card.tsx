import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { MergeFills } from '@paylane/shared/contracts/duplicates';
import type { ReactNode } from 'react';
import { fillRow } from './merge-labels';
import { SectionTitle } from '../../../components/section-title';

type Props = {
  /** The record kept and the one merged into it, as the user knows them. */
  survivor: ReactNode;
  merged: ReactNode;
  /** What moves: a label and how many. */
  moves: { label: string; count: number }[];
  fills: MergeFills;
  isAccount?: boolean;
  /** What does not move (yet). */
  note?: string;
};

/** The preview of a merge: who stays, who goes, what moves and which empty fields get filled. */
export function MergePreviewCard({ survivor, merged, moves, fills, isAccount = false, note }: Props) {
  const filled = Object.entries(fills).map(([field, value]) => fillRow(field, value, isAccount));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="merge-preview-title">
      <Stack gap="md">
        <SectionTitle id="merge-preview-title">Preview</SectionTitle>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <div>
            <Text size="sm" c="dimmed">
              Keeps
            </Text>
            {survivor}
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Merges and closes
            </Text>
            {merged}
          </div>
        </SimpleGrid>
        <Table aria-label="What moves" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>What moves</Table.Th>
              <Table.Th>Count</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {moves.map((move) => (
              <Table.Tr key={move.label}>
                <Table.Td>{move.label}</Table.Td>
                <Table.Td>{move.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {filled.length === 0 ? (
          <Text size="sm">No empty fields to fill.</Text>
        ) : (
          <Table aria-label="Empty fields filled" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Empty field filled</Table.Th>
                <Table.Th>Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filled.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Td>{row.label}</Table.Td>
                  <Table.Td>{row.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {note ? (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
