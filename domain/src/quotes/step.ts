import { type QuoteEvent, type QuoteLinkEvent, quoteLinkStreamId, quoteStreamId } from '@remit/contracts';
import { type Decider, type Step, step } from '@remit/eventstore';
import { type QuoteCommand, type QuoteState, quoteDecider } from './decider.js';

const quoteLinkDecider: Decider<boolean, QuoteLinkEvent['data'], QuoteLinkEvent> = {
  name: 'quote-link',
  handles: ['QuoteLinkMade'],
  initialState: false,
  evolve: () => true,
  decide: (made, data) => (made ? [] : [{ type: 'QuoteLinkMade', data }]),
};

/** Records which quote each new link opens, in the transaction that shares it. */
const linkEffects = (events: QuoteEvent[]): Step[] =>
  events.flatMap((event) =>
    event.type === 'QuoteShared'
      ? [
          step({
            decider: quoteLinkDecider,
            streams: quoteLinkStreamId(event.data.tokenHash),
            newStream: true,
            command: { quoteId: event.data.quoteId, userId: event.data.userId },
          }),
        ]
      : [],
  );

/** Runs one command on the quote's stream; a new quote's stream (a random id) is not read. */
export const quoteStep = (
  command: QuoteCommand,
  effects?: (events: QuoteEvent[], state: QuoteState) => Step[],
) =>
  step({
    decider: quoteDecider,
    streams: quoteStreamId(command.data.quoteId),
    ...(command.type === 'CreateQuote' ? { newStream: true } : {}),
    effects: (events: QuoteEvent[], state: QuoteState) => [
      ...linkEffects(events),
      ...(effects?.(events, state) ?? []),
    ],
    command,
  });
