/** The translation port (issue 6 chat language selector): text from one language into another. */
export type TranslateProvider = {
  readonly name: string;
  /** The text in `to`; throws TranslationUnavailable when it cannot translate. */
  translate(input: { text: string; from: string; to: string }): Promise<string>;
};

/** No translation could be made (no provider configured, or the provider is away). */
export class TranslationUnavailable extends Error {
  constructor(message = 'translation is unavailable') {
    super(message);
    this.name = 'TranslationUnavailable';
  }
}

/** The default: no translation service is configured, so every request is unavailable. */
export function createOfflineTranslateProvider(): TranslateProvider {
  return {
    name: 'offline',
    translate: () => Promise.reject(new TranslationUnavailable()),
  };
}
