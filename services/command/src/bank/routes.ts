import { createHash } from 'node:crypto';
import {
  BANK_STATEMENT_MAX_BYTES,
  type BankCsvMapping,
  bankCsvMappingSchema,
  bankCsvMappingStreamId,
  bankMatchSchema,
  invoiceStreamId,
} from '@remit/contracts';
import { invoiceDecider } from '@remit/domain';
import { type Database, type EventStore, foldEvents, step } from '@remit/eventstore';
import {
  AppError,
  currentUserId,
  eventCodec,
  logHead,
  multipartUpload,
  parseInput,
  requireAuth,
  uploadedFile,
} from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';
import { bankCsvMappingDecider } from './csv-mapping.js';
import { bankTransactionCommand } from './decider.js';
import { planImport } from './import.js';
import { readStatement } from './read-statement.js';
import { type ParsedStatement, StatementError } from './statement.js';

const upload = multipartUpload({
  file: 'file',
  maxBytes: BANK_STATEMENT_MAX_BYTES,
  tooLarge: `The statement is larger than ${BANK_STATEMENT_MAX_BYTES / 1024 / 1024} MB; split it into smaller files`,
  maxFieldBytes: 1024,
});

const fileProblem = (message: string) => new AppError('validation', message, { fields: { file: message } });

/** The read models that find candidates may trail the log by a moment: an invoice issued just now is found. */
const CANDIDATE_MODELS = ['collection', 'clients'] as const;
const CATCH_UP_WAIT_MS = 5_000;

async function candidatesCaughtUp(store: EventStore, db: Database): Promise<void> {
  const head = await logHead(db);
  const deadline = Date.now() + CATCH_UP_WAIT_MS;
  while (Date.now() < deadline) {
    if (await store.hasApplied(CANDIDATE_MODELS, head)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function csvMappingOf(store: EventStore, userId: string): Promise<BankCsvMapping | null> {
  const history = await store.readStream(bankCsvMappingStreamId(userId));
  const state = foldEvents(bankCsvMappingDecider, history, eventCodec);
  return state.mapping;
}

/**
 * Bank statements (docs/api.md, "Bank"): `POST /bank-statements` imports a file, `POST /bank-transactions/{id}/
 * match` and `…/ignore` settle a suggestion, `PUT /bank-csv-mapping` saves how the owner's CSV export reads.
 */
export function bankRoutes(deps: {
  commands: Commands;
  store: EventStore;
  db: Database;
  now: () => Date;
}): Router {
  const { commands, store, db, now } = deps;
  const router = Router();
  const today = () => now().toISOString().slice(0, 10);

  router.post('/bank-statements', requireAuth, upload, async (req, res) => {
    const file = uploadedFile(req);
    if (!file) throw fileProblem('Choose a statement file (CAMT.053, MT940 or CSV)');
    const userId = currentUserId(req);
    let statement: ParsedStatement;
    try {
      statement = readStatement(file, await csvMappingOf(store, userId));
    } catch (error) {
      if (error instanceof StatementError) throw fileProblem(error.message);
      throw error;
    }
    const fileSha256 = createHash('sha256').update(file).digest('hex');
    await candidatesCaughtUp(store, db);
    const planned = await planImport({ store, db, userId, statement, fileSha256, today: today() });
    // Everything in it was imported before: nothing is recorded, and the answer says so.
    if (!planned.step) {
      res.status(200).json(planned.counts);
      return;
    }
    const answer = await commands.answer(req, planned.step, () => ({
      status: 201,
      body: { ...planned.counts },
    }));
    sendAnswer(res, answer);
  });

  router.post('/bank-transactions/:id/match', requireAuth, async (req, res) => {
    const input = parseInput(bankMatchSchema, req.body);
    const userId = currentUserId(req);
    const transactionId = String(req.params.id);
    // The invoice's number and currency as its stream states them; another user's invoice is not found.
    const invoice = foldEvents(
      invoiceDecider,
      await store.readStream(invoiceStreamId(input.invoiceId)),
      eventCodec,
    );
    if (!invoice.content || invoice.deleted || invoice.userId !== userId) {
      throw new AppError('not_found', 'Invoice not found', { fields: { invoiceId: 'Invoice not found' } });
    }
    const command = bankTransactionCommand(
      userId,
      transactionId,
      {
        type: 'MatchBankTransaction',
        data: {
          transactionId,
          userId,
          invoiceId: input.invoiceId,
          number: invoice.content.number,
          currency: invoice.content.currency,
          amount: input.amount,
        },
      },
      today(),
    );
    sendAnswer(
      res,
      await commands.answer(req, command, ({ state }) => ({
        status: 200,
        body: { id: transactionId, remaining: Math.max(0, state.amount - state.applied) },
      })),
    );
  });

  router.post('/bank-transactions/:id/ignore', requireAuth, async (req, res) => {
    const userId = currentUserId(req);
    const transactionId = String(req.params.id);
    const command = bankTransactionCommand(
      userId,
      transactionId,
      { type: 'IgnoreBankTransaction', data: { transactionId, userId } },
      today(),
    );
    sendAnswer(
      res,
      await commands.answer(req, command, () => ({
        status: 200,
        body: { id: transactionId, ignored: true },
      })),
    );
  });

  router.put('/bank-csv-mapping', requireAuth, async (req, res) => {
    const mapping = parseInput(bankCsvMappingSchema, req.body);
    const userId = currentUserId(req);
    const save = step({
      decider: bankCsvMappingDecider,
      streams: bankCsvMappingStreamId(userId),
      command: { userId, mapping },
    });
    sendAnswer(res, await commands.answer(req, save, () => ({ status: 200, body: { mapping } })));
  });

  return router;
}
