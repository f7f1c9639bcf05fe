export type { AnswerToRecord, AppendManyResult, InTransaction } from './append.js';
export {
  type ChainHead,
  type ChainOrigin,
  GENESIS,
  linkOf,
  readChainHead,
  readChainOrigin,
} from './chain.js';
export { type HeldClaims, holdClaims } from './claim-holder.js';
export {
  coalescingOf,
  coalescingQuery,
  inlineStatement,
  type Query,
  type QueryConfig,
  registerCoalescing,
} from './coalesced-statements.js';
export {
  type ClaimHolder,
  ClaimLostError,
  type CommandAnswer,
  type CommandClaim,
  claimCommand,
  forgetAnswers,
  recordAnswer,
  releaseClaim,
} from './command-answers.js';
export type { Database, OpenDatabase, OpenDatabaseOptions, StoreKind, Unlisten } from './database.js';
export { rowsOf } from './database.js';
export {
  type CommandPlan,
  type DecidedEvent,
  type Decider,
  type EventCodec,
  type EventEnvelope,
  type Recorded,
  type Step,
  type StepContext,
  type StepOutcome,
  type StreamsOf,
  UnexpectedEventError,
} from './decider.js';
export { ConcurrencyError } from './errors.js';
export { type ExecuteOptions, execute, executeMany, foldEvents, step } from './execute.js';
export type { GroupHandler, GroupMember } from './group-subscription.js';
export { type Leadership, type LeaderWork, runWhenLeading } from './leadership.js';
export type { EventStoreLogger } from './logger.js';
export { applyMigrations, migrateEventStore } from './migrate.js';
export { openDatabase } from './open-database.js';
export { checkpoints, commandAnswers, events } from './schema.js';
export type { HeldLock } from './session-lock.js';
export { type AppendedListener, createEventStore, type EventStore, type EventStoreOptions } from './store.js';
export type { Subscription, SubscriptionHandler } from './subscription.js';
export type * from './types.js';
export { isDatabaseUnavailable, unavailableReason } from './unavailable.js';
export { type BrokenLink, type ChainReport, describeChain, verifyChain } from './verify-chain.js';
export { takeWriterLockSql } from './writer-guard.js';
