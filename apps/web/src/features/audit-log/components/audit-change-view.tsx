import { Code, Table, Text } from '@mantine/core';

type Snapshot = Record<string, unknown>;

const isSnapshot = (value: unknown): value is Snapshot =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/** The fields a change touched (every field for a creation or deletion), before and after. */
export function changedFields(before: unknown, after: unknown) {
  const from = isSnapshot(before) ? before : {};
  const to = isSnapshot(after) ? after : {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return keys
    .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]) || !before || !after)
    .map((key) => ({ key, before: show(from[key]), after: show(to[key]) }));
}

/** The before/after of one audit entry, as a field table; snapshots that are not objects show as JSON. */
export function AuditChangeView({ before, after }: { before: unknown; after: unknown }) {
  if ((before != null && !isSnapshot(before)) || (after != null && !isSnapshot(after))) {
    return <Code block>{JSON.stringify({ before, after }, null, 2)}</Code>;
  }
  const fields = changedFields(before, after);
  if (fields.length === 0) return <Text size="sm">No recorded field changes.</Text>;
  return (
    <Table withTableBorder withColumnBorders>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr key={field.key}>
            <Table.Td>{field.key}</Table.Td>
            <Table.Td>
              <Code>{field.before}</Code>
            </Table.Td>
            <Table.Td>
              <Code>{field.after}</Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
