import { customerLanguages } from '@paylane/shared/contracts/customers';
import { DEFAULT_LANGUAGE } from '@paylane/shared/messaging';

const labels: Record<string, string> = { 'en-US': 'English', 'es-US': 'Spanish' };

export const languageLabel = (language: string) => labels[language] ?? language;

/** The language selector's choices (docs/product.md §2): the languages customers may have. */
export const languageOptions = customerLanguages.map((value) => ({ value, label: languageLabel(value) }));

export { DEFAULT_LANGUAGE };
