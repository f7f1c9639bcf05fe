import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exportQuerySchema, type TableFormat } from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { AppError, type Clock, currentUserId, dayOf, parseInput, requireAuth } from '@remit/kit';
import { type Request, type Response, Router } from 'express';
import { type Paywall, requireSubscription } from '../billing/repository.js';
import { archiveStream } from './archive.js';
import { accountingSettingsIn, datevChunks, periodProblem } from './datev.js';
import { encodeCp1252 } from './datev-format.js';
import { type LogSnapshot, openSnapshot } from './snapshot.js';
import { clientsTable, type ExportTable, invoicesTable, paymentsTable } from './tables.js';
import { csvChunks } from './writers.js';
import { xlsxStream } from './xlsx.js';

/**
 * `GET /exports/{kind}?from=&to=[&format=csv|xlsx][&delimiter=;|,]` (issue 32 item 1): the owner's records of a
 * period, streamed as they are read from one snapshot of the log (D-261). Every answer names the chain's link
 * and hash it reflects in `X-Remit-Chain-Link` / `X-Remit-Chain-Hash`; the archive also in its manifest.
 */
export function exportRoutes(deps: {
  db: Database;
  store: EventStore;
  now: Clock;
  paywall: Paywall;
}): Router {
  const router = Router();
  router.get('/exports/:kind', requireAuth, async (req, res) => {
    const query = parseInput(exportQuerySchema, { ...req.query, kind: req.params.kind });
    const userId = currentUserId(req);
    // Free accounts see only their first invoice (spec §6): documents and money leave in exports only on a plan.
    // The address book (clients) is theirs either way.
    if (query.kind !== 'clients') await requireSubscription(deps.paywall, userId, 'exports');
    const now = deps.now();
    const period = { from: query.from, to: query.to, today: dayOf(now) };
    const snapshot = await openSnapshot(deps.db, userId);
    const base = `remit-${query.kind}_${query.from}_${query.to}`;
    const settings =
      query.kind === 'datev' || query.kind === 'archive' ? await accountingSettingsIn(snapshot) : null;
    if (query.kind === 'datev' && settings) {
      const problem = periodProblem(period, settings);
      if (problem) throw new AppError('validation', problem, { fields: { to: problem } });
    }
    describe(res, snapshot);
    switch (query.kind) {
      case 'invoices':
      case 'payments':
      case 'clients': {
        const table =
          query.kind === 'invoices'
            ? invoicesTable(snapshot, period)
            : query.kind === 'payments'
              ? paymentsTable(snapshot, period)
              : clientsTable(snapshot);
        await sendTable(req, res, table, query.format ?? 'csv', query.delimiter ?? ',', base);
        return;
      }
      case 'datev': {
        res
          .type('text/csv; charset=windows-1252')
          .setHeader('Content-Disposition', attachment(`EXTF_Buchungsstapel_${query.from}_${query.to}.csv`));
        await send(
          req,
          res,
          Readable.from(
            (async function* () {
              for await (const chunk of datevChunks(snapshot, period, settings!, now)) {
                yield encodeCp1252(chunk);
              }
            })(),
          ),
        );
        return;
      }
      case 'archive': {
        res.type('application/zip').setHeader('Content-Disposition', attachment(`${base}.zip`));
        await send(
          req,
          res,
          await archiveStream({ store: deps.store, snapshot, period, settings: settings!, now }),
        );
        return;
      }
    }
  });
  return router;
}

function describe(res: Response, snapshot: LogSnapshot) {
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Remit-Chain-Link', String(snapshot.head?.seq ?? 0n));
  res.setHeader('X-Remit-Chain-Hash', snapshot.head?.hash ?? '');
  res.setHeader('X-Remit-Chain-Position', String(snapshot.head?.position ?? 0n));
}

const attachment = (name: string) => `attachment; filename="${name}"`;

async function sendTable(
  req: Request,
  res: Response,
  table: ExportTable,
  format: TableFormat,
  delimiter: ';' | ',',
  base: string,
) {
  if (format === 'xlsx') {
    res
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .setHeader('Content-Disposition', attachment(`${base}.xlsx`));
    await send(req, res, xlsxStream(table, table.name));
    return;
  }
  res.type('text/csv; charset=utf-8').setHeader('Content-Disposition', attachment(`${base}.csv`));
  await send(req, res, Readable.from(csvChunks(table, delimiter)));
}

/** Streams the body; a failure after the first byte can only cut the download short (the log names it). */
async function send(req: Request, res: Response, body: NodeJS.ReadableStream) {
  try {
    await pipeline(body, res);
  } catch (error) {
    if (!res.headersSent) throw error;
    req.log.error({ err: error, url: req.originalUrl }, 'export cut short');
    res.destroy();
  }
}
