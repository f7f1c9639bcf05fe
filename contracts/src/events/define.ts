import type { z } from 'zod';

/**
 * Every version of one event type's data, oldest first, and how each is carried to the next. An event
 * is a fact: once written it is never changed, so a new shape is a new version whose upcaster turns the
 * previous version's data into it. Readers only ever see the current version (`readEvent`).
 */
export interface EventVersions<Data> {
  /** The current version: what new events of this type are written as. */
  readonly version: number;
  /** The current version's schema. */
  readonly schema: z.ZodType<Data>;
  /** Parses data written as `version` and upcasts it to the current version. */
  read(version: number, data: unknown): Data;
  /** Adds a version: its schema, and the upcaster from the current version (small and pure). */
  next<Schema extends z.ZodType>(
    schema: Schema,
    upcast: (previous: Data) => z.input<Schema>,
  ): EventVersions<z.output<Schema>>;
}

/** Raised for data that does not match its type and version: a broken log, never a client's mistake. */
export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
}

interface Version {
  schema: z.ZodType;
  /** From the previous version's data; absent on version 1. */
  upcast?: (previous: unknown) => unknown;
}

function versions<Data>(chain: Version[]): EventVersions<Data> {
  const current = chain.length;
  const schema = (chain.at(-1) as Version).schema as z.ZodType<Data>;
  return {
    version: current,
    schema,
    read(version, data) {
      if (!Number.isInteger(version) || version < 1 || version > current) {
        throw new InvalidEventError(`version ${version} is not one of 1..${current}`);
      }
      // Written as the current version (nearly always): one parse.
      let value = (chain[version - 1] as Version).schema.parse(data);
      for (let next = version; next < current; next++) {
        const { schema: nextSchema, upcast } = chain[next] as Version;
        value = nextSchema.parse(upcast?.(value));
      }
      return value as Data;
    },
    next(nextSchema, upcast) {
      return versions([...chain, { schema: nextSchema, upcast: upcast as (previous: unknown) => unknown }]);
    },
  };
}

/** An event type's first version. */
export function eventType<Schema extends z.ZodType>(schema: Schema): EventVersions<z.output<Schema>> {
  return versions([{ schema }]);
}

/** The data of an event type's current version. */
export type DataOf<Versions> = Versions extends EventVersions<infer Data> ? Data : never;

/** `{ type, data }` for each type of a group of event definitions. */
export type EventOf<Definitions extends Record<string, EventVersions<unknown>>> = {
  [Type in keyof Definitions & string]: { type: Type; data: DataOf<Definitions[Type]> };
}[keyof Definitions & string];
