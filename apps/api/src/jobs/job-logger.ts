/** The slice of a pino / Fastify logger the job queue uses; `app.log` fits. */
export type JobLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

// Without a logger, problems still reach stderr: a failing job must never be silent.
export const consoleJobLogger: JobLogger = {
  info: () => undefined,
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};
