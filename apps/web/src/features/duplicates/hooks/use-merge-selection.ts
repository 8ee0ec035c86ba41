import type { mergeCustomersSchema } from '@paylane/shared/contracts/duplicates';
import { translateMessage } from '@paylane/shared/messages';
import { useState } from 'react';
import { applyServerErrors } from '../../../lib/form-errors';
import type { PickerOption } from '../../../components/record-picker/picker-select';

type Pair = { survivor: string; merged: string };
type PairSchema = typeof mergeCustomersSchema;
export type PairErrors = { fields: Partial<Record<keyof Pair, string>>; messages: string[] };

/** A refused preview or merge: messages about a picker go beside it, the rest above the form. */
export function mergeErrorsOf(error: unknown): PairErrors {
  const fields: PairErrors['fields'] = {};
  const messages = applyServerErrors<Pair>(
    error,
    (name, problem) => {
      if (name === 'survivor' || name === 'merged') fields[name] = problem.message;
    },
    ['survivor', 'merged'],
  );
  return { fields, messages };
}

/**
 * The two records chosen in a merge tool. The pair is checked with the shared schema first (the same record
 * twice is refused beside the second picker, in the server's words), so only a valid pair is previewed.
 */
export function useMergeSelection(schema: PairSchema, onChange: () => void) {
  const [survivor, setSurvivor] = useState<PickerOption | null>(null);
  const [merged, setMerged] = useState<PickerOption | null>(null);
  const parsed =
    survivor && merged ? schema.safeParse({ survivor: survivor.value, merged: merged.value }) : null;
  const localErrors: PairErrors = { fields: {}, messages: [] };
  for (const issue of parsed?.success === false ? parsed.error.issues : []) {
    const field = issue.path[0];
    if (field === 'survivor' || field === 'merged')
      localErrors.fields[field] = translateMessage(issue.message);
  }
  const choose = (set: (option: PickerOption | null) => void) => (option: PickerOption | null) => {
    set(option);
    onChange();
  };
  return {
    survivor,
    merged,
    setSurvivor: choose(setSurvivor),
    setMerged: choose(setMerged),
    pair: parsed?.success ? parsed.data : null,
    localErrors,
    clear: () => {
      setSurvivor(null);
      setMerged(null);
    },
  };
}
