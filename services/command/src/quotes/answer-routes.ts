import {
  quoteLinkStreamId,
  quoteMessages,
  quoteResponseSchema,
  readEvent,
  userStreamId,
} from '@remit/contracts';
import { quoteStep } from '@remit/domain';
import { type EventStore, foldEvents } from '@remit/eventstore';
import { AppError, eventCodec, type LimitStore, parseInput, queueMail, sharedRateLimit } from '@remit/kit';
import { Router } from 'express';
import { userDecider } from '../auth/decider.js';
import { type Commands, sendAnswer } from '../commands.js';
import { hashShareToken } from '../invoices/share-routes.js';
import { quoteAcceptedEmail, quoteAnsweredEmail } from './quote-email.js';

/**
 * The customer's answer to a quote (issue 33): `POST /public/quotes/{token}/accept` and `/decline`, from `/q/{token}`
 * without a sign-in, rate limited per client address before any read. The owner is mailed in the transaction that
 * records the answer, and a customer who accepted gets the seller's confirmation in the quote's language (issue 30).
 */
export function quoteAnswerRoutes(deps: {
  commands: Commands;
  store: EventStore;
  now: () => Date;
  appUrl: string;
  mailDomain: string;
  limits: LimitStore;
  publicLimitPerMinute: number;
  /** The first delivery attempt of a queued mail (a refusal is retried by the loop). */
  deliver: (id: string | undefined, what: Record<string, unknown>) => Promise<void>;
}): Router {
  const { commands, store, now, deliver } = deps;
  const base = deps.appUrl.replace(/\/+$/, '');
  const router = Router();

  // The customer's answer: anyone with the link, so limited per client address before any read.
  const limited = sharedRateLimit(
    deps.limits,
    'public-quote-ip',
    { windowMs: 60_000, limit: deps.publicLimitPerMinute },
    'Too many requests for quote links from your network. Please wait a minute and try again.',
    { now },
  );

  async function answerQuote(
    token: string,
    accepted: boolean,
    body: unknown,
    req: Parameters<Commands['answer']>[0],
  ) {
    const { name, note } = parseInput(quoteResponseSchema, body ?? {});
    const tokenHash = hashShareToken(token);
    let queued: string | undefined;
    let confirmed: string | undefined;
    let owner: { email: string; name: string } | null = null;
    const decide = async () => {
      const [link] = (await store.readStream(quoteLinkStreamId(tokenHash))).map(readEvent);
      if (link?.type !== 'QuoteLinkMade') throw new AppError('not_found', quoteMessages.linkNotValid);
      // Read before the transaction: the embedded store has one connection, which the transaction holds.
      owner = foldEvents(userDecider, await store.readStream(userStreamId(link.data.userId)), eventCodec);
      return quoteStep({
        type: 'AnswerQuote',
        data: { quoteId: link.data.quoteId, tokenHash, accepted, name, note, at: now().toISOString() },
      });
    };
    const answer = await commands.answer(
      req,
      decide,
      ({ state }) => ({
        status: 200,
        body: { state: accepted ? 'Accepted' : 'Declined', answer: state.answer },
      }),
      async (tx, outcome) => {
        const { content, quoteId, answer: given } = outcome.state;
        if (!content || !quoteId || !given || !owner?.email) return;
        queued = `quote-answer-${quoteId}`;
        const message = quoteAnsweredEmail({
          to: owner.email,
          ownerName: owner.name,
          content,
          accepted,
          name: given.name,
          note: given.note,
          quoteUrl: `${base}/quotes/${quoteId}`,
          messageId: `<${queued}@${deps.mailDomain}>`,
        });
        await queueMail(tx, queued, message, now());
        // The customer who accepted is told it reached the seller, in the quote's language (issue 30).
        if (!accepted || !content.customer.email) return;
        confirmed = `quote-accepted-${quoteId}`;
        const confirmation = quoteAcceptedEmail({
          to: content.customer.email,
          name: given.name,
          content,
          messageId: `<${confirmed}@${deps.mailDomain}>`,
        });
        await queueMail(tx, confirmed, confirmation, now());
      },
    );
    await deliver(queued, { token: 'hidden' });
    await deliver(confirmed, { token: 'hidden' });
    return answer;
  }

  router.post('/public/quotes/:token/accept', limited, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    sendAnswer(res, await answerQuote(String(req.params.token), true, req.body, req));
  });
  router.post('/public/quotes/:token/decline', limited, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    sendAnswer(res, await answerQuote(String(req.params.token), false, req.body, req));
  });

  return router;
}
