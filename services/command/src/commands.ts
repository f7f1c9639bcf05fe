import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, POSITION_HEADER } from '@remit/contracts';
import {
  type ClaimHolder,
  ClaimLostError,
  type CommandAnswer,
  claimCommand,
  type DecidedEvent,
  type EventMetadata,
  type EventStore,
  execute,
  forgetAnswers,
  recordAnswer,
  releaseClaim,
  type Step,
  type StepOutcome,
} from '@remit/eventstore';
import { AppError, eventCodec, type Logger, uploadedFile } from '@remit/kit';
import type { Request, Response } from 'express';

/** What a command answers: the status, the body, and the position its next queries should wait for. */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
  position: bigint | null;
  /** Answered from the first time this idempotency key was used. */
  replayed?: boolean;
}

/** Turns a command's outcome into its answer (from the resulting state, never from a re-read). */
export type ToAnswer<State, Event extends DecidedEvent> = (
  outcome: StepOutcome<State, Event>,
) => Omit<Answer, 'position' | 'replayed'>;

/**
 * A command to run: the step, or how to make it when making it reads something (a payment method's
 * snapshot): a repeated request is then answered before any of that work.
 */
export type StepSource<State, Event extends DecidedEvent> =
  | Step<State, Event>
  | (() => Promise<Step<State, Event>>);

/** Work written in the transaction that appends the command's events (a mail queued with its send). */
export type InTransaction<State, Event extends DecidedEvent> = NonNullable<
  Parameters<typeof execute<State, Event>>[2]['inTransaction']
>;

/** Runs the step and records the answer with its events; the one way an idempotent handler ends. */
export type Finish = <State, Event extends DecidedEvent>(
  step: StepSource<State, Event>,
  toAnswer: ToAnswer<State, Event>,
  inTransaction?: InTransaction<State, Event>,
) => Promise<Answer>;

const stepOf = <State, Event extends DecidedEvent>(source: StepSource<State, Event>) =>
  typeof source === 'function' ? source() : Promise.resolve(source);

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
/** A claim whose request died is taken over after this long (at once when its holder is known to be gone). */
const CLAIM_LEASE_MS = 30_000;
/** Answers are kept this long; a key older than that counts as new. */
const ANSWER_TTL_MS = 7 * 24 * 3_600_000;
const CLEAN_EVERY_MS = 3_600_000;
/** How soon a claim whose release failed is given back again. */
const RELEASE_RETRY_MS = 1_000;

const inProgress = () =>
  new AppError('conflict', 'This request is already being processed', { reason: 'in_progress' });
const keyReused = () =>
  new AppError('validation', 'This Idempotency-Key was already used for a different request', {
    reason: 'idempotency_key_reused',
  });

/** Sends an answer: its body with `position`, and the position header for read-your-writes. */
export function sendAnswer(res: Response, answer: Answer): void {
  if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
  const position = answer.position ?? positionIn(answer.body);
  if (position !== null) res.setHeader(POSITION_HEADER, position.toString());
  res
    .status(answer.status)
    .json(answer.position === null ? answer.body : { ...answer.body, position: answer.position.toString() });
}

function positionIn(body: Record<string, unknown>): bigint | null {
  return typeof body.position === 'string' && /^\d+$/.test(body.position) ? BigInt(body.position) : null;
}

/** Who and what caused the events of a request (DESIGN §3), stamped on every event it appends. */
function requestMetadata(req: Request): EventMetadata {
  return {
    userId: req.auth?.userId ?? null,
    commandId: req.get(IDEMPOTENCY_HEADER) ?? req.requestId,
    causationId: req.requestId,
    client: 'web',
  };
}

/**
 * The command pipeline (STYLE 13, DESIGN §11): every write goes through `execute` — load, fold, decide,
 * effects on other aggregates, one append with expected versions, retried on conflict. For requests,
 * `answer` adds the `Idempotency-Key` (DESIGN §7): the key is claimed before the command runs and its
 * answer is recorded in the same transaction as the command's events, so a retry gets the first answer
 * or finds nothing done; a refused or failed command gives the key back and leaves nothing behind.
 */
export function createCommands(deps: {
  store: EventStore;
  now: () => Date;
  logger: Logger;
  /** This process as the holder of its claims, so a retry takes over a claim whose process died at once. */
  claims?: ClaimHolder;
}) {
  const { store, now } = deps;
  let lastClean = 0;

  // Claims whose release failed (the database went away while the command failed): their key would read
  // as in progress until the lease ran out, though nothing runs it. Given back once the database answers;
  // past the lease there is nothing left to give back (any retry takes the claim over).
  const unreleased = new Map<string, { claim: string; until: number }>();
  let retrying = false;
  function releaseLater(key: string, claim: string): void {
    if (!unreleased.has(key)) unreleased.set(key, { claim, until: Date.now() + CLAIM_LEASE_MS });
    if (retrying) return;
    retrying = true;
    setTimeout(async () => {
      for (const [pendingKey, pending] of unreleased) {
        try {
          if (Date.now() < pending.until) await releaseClaim(store.db, pendingKey, pending.claim);
          unreleased.delete(pendingKey);
        } catch {
          break;
        }
      }
      retrying = false;
      const [next] = unreleased;
      if (next) releaseLater(next[0], next[1].claim);
    }, RELEASE_RETRY_MS).unref();
  }

  function run<State, Event extends DecidedEvent>(
    root: Step<State, Event>,
    metadata: EventMetadata,
    answer?: Parameters<typeof execute<State, Event>>[2]['answer'],
    inTransaction?: InTransaction<State, Event>,
  ) {
    return execute(store, root, {
      codec: eventCodec,
      metadata,
      now,
      answer,
      ...(inTransaction ? { inTransaction } : {}),
    });
  }

  function forgetOldAnswers(): void {
    const at = now().getTime();
    if (at - lastClean < CLEAN_EVERY_MS) return;
    lastClean = at;
    forgetAnswers(store.db, new Date(at - ANSWER_TTL_MS)).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'could not remove old command answers'),
    );
  }

  /**
   * Runs a handler whose command may be repeated with the same `Idempotency-Key`. The handler ends with
   * `finish(step, toAnswer)`; an answer it returns without a last command (nothing to do) is recorded on
   * its own.
   */
  async function idempotently(req: Request, handler: (finish: Finish) => Promise<Answer>): Promise<Answer> {
    const metadata = requestMetadata(req);
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) {
      return handler(async (source, toAnswer, inTransaction) => {
        const outcome = await run(await stepOf(source), metadata, undefined, inTransaction);
        return { ...toAnswer(outcome), position: outcome.position };
      });
    }
    if (!KEY_PATTERN.test(key)) {
      throw new AppError('validation', 'Idempotency-Key must be 8 to 128 letters, digits or -_.:');
    }
    forgetOldAnswers();
    const owner = req.auth?.userId ?? 'anonymous';
    const hashed = createHash('sha256').update(`${owner}\n${key}`).digest('hex');
    const fingerprint = fingerprintOf(req);
    for (let attempt = 0; attempt < 3; attempt++) {
      const claim = await claimCommand(store.db, {
        key: hashed,
        fingerprint,
        leaseMs: CLAIM_LEASE_MS,
        ...(deps.claims ? { holder: deps.claims } : {}),
      });
      if (claim.kind === 'mismatch') throw keyReused();
      if (claim.kind === 'in_progress') throw inProgress();
      if (claim.kind === 'answered') {
        const body = (claim.body ?? {}) as Record<string, unknown>;
        return { status: claim.status, body, position: null, replayed: true };
      }
      let recorded = false;
      try {
        const answer = await handler(async (source, toAnswer, inTransaction) => {
          // Made before the append and recorded by it (one statement); the append adds the position.
          let answered: Omit<Answer, 'position'> | undefined;
          const outcome = await run(
            await stepOf(source),
            metadata,
            {
              key: hashed,
              claim: claim.claim,
              of: (draft) => {
                answered = toAnswer(draft);
                return { status: answered.status, body: answered.body };
              },
            },
            inTransaction,
          );
          recorded = true;
          return { ...(answered ?? toAnswer(outcome)), position: outcome.position };
        });
        if (!recorded) {
          const body =
            answer.position === null ? answer.body : { ...answer.body, position: answer.position.toString() };
          await recordAnswer(store.db, hashed, claim.claim, { status: answer.status, body });
        }
        return answer;
      } catch (error) {
        // Another run took the key over (ours outlived its lease) and its answer stands: look again.
        if (error instanceof ClaimLostError) continue;
        await releaseClaim(store.db, hashed, claim.claim).catch((releaseError: unknown) => {
          deps.logger.warn({ err: releaseError }, 'could not release an idempotency claim; trying again');
          releaseLater(hashed, claim.claim);
        });
        throw error;
      }
    }
    throw inProgress();
  }

  return {
    /** Runs a command outside a request (webhooks, the sandbox, the clock). */
    execute: run,
    /**
     * Runs a request's commands without recording their answers, whatever the request carries: for
     * answers that hold a session token, which must never be stored (sign-in, verification, Google).
     */
    direct(req: Request): Finish {
      const metadata = requestMetadata(req);
      return async (source, toAnswer) => {
        const outcome = await run(await stepOf(source), metadata);
        return { ...toAnswer(outcome), position: outcome.position };
      };
    },
    idempotently,
    /** The common case: one command, its answer from the outcome. */
    answer<State, Event extends DecidedEvent>(
      req: Request,
      source: StepSource<State, Event>,
      toAnswer: ToAnswer<State, Event>,
      inTransaction?: InTransaction<State, Event>,
    ): Promise<Answer> {
      return idempotently(req, (finish) => finish(source, toAnswer, inTransaction));
    },
    metadata: requestMetadata,
  };
}

export type Commands = ReturnType<typeof createCommands>;

/** The request as the key covers it: method, path, body and an uploaded file's bytes. */
function fingerprintOf(req: Request): string {
  const hash = createHash('sha256').update(`${req.method} ${req.path}\n${JSON.stringify(req.body ?? null)}`);
  const file = uploadedFile(req);
  if (file) hash.update('\n').update(file);
  return hash.digest('hex');
}

export type { CommandAnswer };
