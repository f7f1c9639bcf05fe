/**
 * The event store's public shapes. It knows nothing of invoices or users: streams hold typed,
 * versioned facts, and the log orders them globally.
 */

/** An event as a command decides it, before it is stored. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata?: EventMetadata;
  /** The version of the type's data shape (1 when unset); readers upcast older versions. */
  schemaVersion?: number;
  /** When it happened, by the writer's clock; the database's clock when unset. */
  createdAt?: Date;
}

/** Who caused an event and why; every stored event carries it (DESIGN §3). */
export interface EventMetadata {
  userId?: string | null;
  commandId?: string | null;
  causationId?: string | null;
  client?: 'web' | 'webhook' | 'system' | 'cli';
  [key: string]: unknown;
}

/** An event as it is stored and read back. */
export interface StoredEvent<Type extends string = string, Data = unknown> {
  /** Global position in the log (bigint serial, as a JS bigint). */
  position: bigint;
  /** Id of the transaction that wrote it; the log is read in (txId, position) order. */
  txId: bigint;
  streamId: string;
  /** 1 for a stream's first event. */
  version: number;
  type: Type;
  /** The version of the type's data shape the event was written in. */
  schemaVersion: number;
  data: Data;
  metadata: EventMetadata;
  createdAt: Date;
}

/** 'no_stream': the stream must not exist yet; a number: the stream's current version; 'any': no check. */
export type ExpectedVersion = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** The stream's version after the append. */
  nextVersion: number;
  /** Global position of the last appended event. */
  position: bigint;
}

/** Where a reader of the whole log stands. Start is { txId: 0n, position: 0n }. */
export interface LogCheckpoint {
  txId: bigint;
  position: bigint;
}

export interface StreamWrite {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
}
