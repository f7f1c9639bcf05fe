import {
  type Catalogue,
  catalogue,
  type DocumentLanguage,
  fill,
  isDocumentLanguage,
  type PageFormats,
  type PublicQuoteView,
  pageFormats,
} from '@remit/contracts';
import { ApiError, errorMessage, NetworkError } from '../../api/errors';

/** What the quote's customer page says, and how it writes money and days: the quote's language (issue 30). */
export interface QuoteWords extends PageFormats {
  language: DocumentLanguage;
  t: Catalogue['quotePage'];
  document: Catalogue['document'];
  page: Catalogue['page'];
}

export function quoteWords(language: string, currency = 'EUR'): QuoteWords {
  const words = catalogue(language);
  return {
    language: isDocumentLanguage(language) ? language : 'en',
    t: words.quotePage,
    document: words.document,
    page: words.page,
    ...pageFormats(language, currency),
  };
}

/**
 * Before the quote is read (loading, a dead link, a failed read) its language is unknown: the browser's own, when it
 * is one of the document languages, else English.
 */
export function browserLanguage(): DocumentLanguage {
  const asked = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const tag of asked) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isDocumentLanguage(base)) return base;
  }
  return 'en';
}

export const sellerName = (view: PublicQuoteView) => view.seller.companyName || view.seller.name;

/**
 * Why an answer was not taken, in the quote's language. English shows the server's own message, as the page always
 * did; in another language the server's refusals are known by their code, anything else is "could not be sent".
 */
export function answerErrorText(error: unknown, words: QuoteWords, view: PublicQuoteView): string {
  const { t } = words;
  if (words.language === 'en') return errorMessage(error, t.sendFailed);
  if (error instanceof NetworkError) return t.offline;
  if (!(error instanceof ApiError)) return t.sendFailed;
  if (error.status === 429) return t.tooManyRequests;
  if (error.status === 404) return t.notValid;
  switch (error.code) {
    case 'quote_accepted':
      return t.alreadyAccepted;
    case 'quote_declined':
      return t.alreadyDeclined;
    case 'quote_invoiced':
      return t.invoiced;
    case 'quote_expired':
      return fill(t.expired, { date: words.date(view.validUntil), seller: sellerName(view) });
    default:
      return t.sendFailed;
  }
}
