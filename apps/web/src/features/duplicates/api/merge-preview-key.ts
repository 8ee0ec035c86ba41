import type { Query } from '@tanstack/react-query';

/** The key segment (after the customers key) of both merge previews. */
export const MERGE_PREVIEW = 'merge-preview';

export const isNotPreview = (query: Query) => query.queryKey[3] !== MERGE_PREVIEW;
