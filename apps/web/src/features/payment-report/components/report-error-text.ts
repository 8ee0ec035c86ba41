import { translateMessage } from '@paylane/shared/messages';
import { isApiError } from '../../../lib/api-error';
import { errorDetailText } from '../../../lib/notify';

/** The report's query fields by the filter that sets them, so a refused filter is named as the page names it. */
const filterLabels: Record<string, string> = {
  start: 'From',
  end: 'To',
  status: 'Status',
  like: 'Search',
  page: 'Page',
  page_size: 'Rows per page',
};

/** What the server said about a failed report call (docs/product.md §8), else `fallback`. */
export function reportErrorText(error: unknown, fallback: string): string {
  const detail = errorDetailText(error);
  if (detail) return detail;
  if (isApiError(error) && error.fieldErrors) {
    return Object.entries(error.fieldErrors)
      .map(
        ([field, texts]) =>
          `${filterLabels[field] ?? field}: ${texts.map((text) => translateMessage(text)).join(' ')}`,
      )
      .join(' ');
  }
  return fallback;
}
