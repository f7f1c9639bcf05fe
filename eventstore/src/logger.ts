/** The slice of a pino logger the store uses; pino's `Logger` fits it. */
export interface EventStoreLogger {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

export const silentLogger: EventStoreLogger = {
  info: () => {},
  warn: () => {},
  error: () => {},
};
