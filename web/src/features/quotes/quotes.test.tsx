import { catalogue, type PublicQuoteView, type QuoteDetail, type QuoteSummary } from '@remit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, type RecordedRequest, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

beforeAll(() => warmRoutes('/quotes', '/quotes/q1', '/q/tok'), 120_000);

const summary: QuoteSummary = {
  id: 'q1',
  number: 'QUO-0001',
  state: 'Sent',
  customerName: 'Charles Babbage',
  customerCompanyName: 'Difference Works',
  issueDate: '2026-03-01',
  validUntil: '2026-03-31',
  total: 228156,
  currency: 'EUR',
  invoiceId: null,
  invoiceNumber: null,
  updatedAt: '2026-03-02T10:00:00.000Z',
};
const items = [{ description: 'Design of the engine', quantity: 2, unitPrice: 95050, total: 190100 }];
const detail: QuoteDetail = {
  quote: {
    ...summary,
    timeZone: 'Europe/Berlin',
    subtotal: 190100,
    tax: 38056,
    customerEmail: 'charles@difference.example',
    items,
    answer: null,
    shared: true,
  },
  form: {},
  history: [
    { at: '2026-03-01T10:00:00.000Z', text: 'Quote QUO-0001 created, valid until 31 March 2026' },
    { at: '2026-03-02T10:00:00.000Z', text: 'Sent to charles@difference.example' },
  ],
};
const party = {
  name: 'Ada Lovelace',
  companyName: 'Engines & Co',
  email: 'ada@example.com',
  address: '12 Street',
};
const publicView: PublicQuoteView = {
  number: 'QUO-0001',
  issueDate: '2026-03-01',
  validUntil: '2026-03-31',
  state: 'Sent',
  currency: 'EUR',
  subtotal: 190100,
  tax: 38056,
  total: 228156,
  seller: party,
  customer: { ...party, name: 'Charles Babbage', companyName: 'Difference Works' },
  items,
  notes: '',
  terms: '',
  answer: null,
  language: 'en',
};

const commands = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.method !== 'GET' && request.path === path);

function ownerApi(extra: Parameters<typeof mockApi>[0] = {}) {
  storeToken('jwt');
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    'GET /quotes': () => ({ body: { quotes: [summary], page: 1, hasMore: false } }),
    'GET /quotes/q1': () => ({ body: detail }),
    ...extra,
  });
}

describe('the Quotes screen (issue 33)', () => {
  it('lists quotes with their state and asks the server for the state chosen', async () => {
    const { requests } = ownerApi();
    const user = userEvent.setup();
    renderApp('/quotes');
    const list = await screen.findByRole('list', { name: 'Quotes' });
    expect(within(list).getByText('QUO-0001 · Difference Works')).toBeInTheDocument();
    expect(within(list).getByText('Sent')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('State'), 'Accepted');
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/quotes' && request.method === 'GET')).toBe(true),
    );
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('sends each command once for a double click: Send, Share link, Convert to invoice, Delete', async () => {
    const { requests } = ownerApi({
      'POST /quotes/q1/send': () => ({
        status: 201,
        body: { to: ['charles@difference.example'], position: '3' },
      }),
      'POST /quotes/q1/share': () => ({
        status: 201,
        body: { url: 'http://remit.test/q/abc', position: '4' },
      }),
      'POST /quotes/q1/invoice': () => ({
        status: 201,
        body: { quoteId: 'q1', invoiceId: 'i1', invoiceNumber: 'INV-0100', position: '5' },
      }),
      'DELETE /quotes/q1': () => ({ body: { position: '6' } }),
    });
    const user = userEvent.setup();
    renderApp('/quotes/q1');
    await screen.findByRole('heading', { name: 'Quote QUO-0001' });
    // Its history says it was sent (before Delete leaves the page for the list).
    expect(screen.getByText('Sent to charles@difference.example')).toBeInTheDocument();
    await user.dblClick(screen.getByRole('button', { name: 'Send again' }));
    await screen.findByText('Quote sent to charles@difference.example');
    await user.dblClick(screen.getByRole('button', { name: 'Share link' }));
    expect(await screen.findByLabelText('Customer page link (shown once)')).toHaveValue(
      'http://remit.test/q/abc',
    );
    await user.dblClick(screen.getByRole('button', { name: 'Convert to invoice' }));
    await screen.findByText('Invoice INV-0100 issued from quote QUO-0001');
    await user.dblClick(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Quote QUO-0001 deleted');
    for (const path of ['/quotes/q1/send', '/quotes/q1/share', '/quotes/q1/invoice', '/quotes/q1']) {
      expect(commands(requests, path)).toHaveLength(1);
    }
  });

  it('says a quote that is not the user’s is not found', async () => {
    ownerApi({ 'GET /quotes/q1': () => ({ status: 404, body: { error: 'Quote not found' } }) });
    renderApp('/quotes/q1');
    expect(await screen.findByRole('heading', { name: 'Quote not found' })).toBeInTheDocument();
  });
});

describe('the customer page of a quote', () => {
  it('accepts once for a double click, with the name and note typed, and shows the answer', async () => {
    let answered = false;
    const { requests } = mockApi({
      'GET /public/quotes/tok': () => ({
        body: answered
          ? {
              ...publicView,
              state: 'Accepted',
              answer: { accepted: true, name: 'Zoë', note: 'Go', day: '2026-03-03' },
            }
          : publicView,
      }),
      'POST /public/quotes/tok/accept': () => {
        answered = true;
        return { body: { state: 'Accepted', position: '9' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/q/tok');
    await screen.findByRole('heading', { name: 'Quote QUO-0001' });
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByText('Please type your name')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your name'), 'Zoë');
    await user.type(screen.getByLabelText('Note (optional)'), 'Go');
    await user.dblClick(screen.getByRole('button', { name: 'Accept quote' }));
    expect(
      await screen.findByText('Accepted by Zoë on Mar 3, 2026. Engines & Co has been told.'),
    ).toBeInTheDocument();
    const sent = commands(requests, '/public/quotes/tok/accept');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ name: 'Zoë', note: 'Go' });
    expect(sent[0]?.headers.get('Authorization')).toBeNull();
  });

  it('shows the server’s refusal (expired) and a link that opens nothing', async () => {
    mockApi({
      'GET /public/quotes/tok': () => ({ body: publicView }),
      'POST /public/quotes/tok/decline': () => ({
        status: 409,
        body: { error: 'This quote expired: it was valid until 2026-03-31' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/q/tok');
    await user.type(await screen.findByLabelText('Your name'), 'Charles');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('This quote expired: it was valid until 2026-03-31')).toBeInTheDocument();
  });

  it('speaks a German quote’s language: its words, dates and amounts, the answer and a refusal, no English left', async () => {
    let answered = false;
    const german: PublicQuoteView = {
      ...publicView,
      language: 'de',
      seller: { ...party, companyName: 'Schmidt Design GmbH', address: 'Hauptstraße 12\n10115 Berlin' },
      customer: { ...party, name: 'Jürgen Groß', companyName: 'Müller & Söhne KG', address: 'Marktplatz 3' },
      items: [{ description: 'Entwurf der Website', quantity: 7.5, unitPrice: 25347, total: 190100 }],
    };
    const { requests } = mockApi({
      'GET /public/quotes/tok': () => ({
        body: answered
          ? {
              ...german,
              state: 'Accepted',
              answer: { accepted: true, name: 'Jürgen Groß', note: '', day: '2026-03-03' },
            }
          : german,
      }),
      'POST /public/quotes/tok/accept': () => {
        answered = true;
        return { body: { state: 'Accepted', position: '9' } };
      },
      'POST /public/quotes/tok/decline': () => ({
        status: 409,
        body: { error: 'This quote expired: it was valid until 2026-03-31', code: 'quote_expired' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/q/tok');
    await screen.findByRole('heading', { name: 'Angebot QUO-0001' });
    expect(document.title).toBe('Angebot QUO-0001 von Schmidt Design GmbH');
    expect(document.documentElement.lang).toBe('de');
    for (const text of [
      'Von',
      'An',
      'Beschreibung',
      'Menge',
      'Einzelpreis',
      'Nettobetrag',
      'USt.',
      'Gültig bis',
    ]) {
      expect(screen.getAllByText(text).length, text).toBeGreaterThan(0);
    }
    expect(screen.getByText('7,5')).toBeInTheDocument();
    expect(screen.getByText('253,47 €')).toBeInTheDocument();
    expect(screen.getAllByText('2.281,56 €')).toHaveLength(2);
    expect(screen.getByText('31. März 2026')).toBeInTheDocument();
    expect(screen.getByText('1. März 2026')).toBeInTheDocument();
    expect(screen.getByText('Offen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'PDF herunterladen' })).toBeInTheDocument();
    expect(screen.getByText('Noch 1000 Zeichen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Angebot annehmen' }));
    expect(await screen.findByText('Bitte geben Sie Ihren Namen ein')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Ihr Name'), 'Jürgen Groß');
    await user.click(screen.getByRole('button', { name: 'Ablehnen' }));
    expect(
      await screen.findByText(
        'Dieses Angebot war bis zum 31. März 2026 gültig. Bitten Sie Schmidt Design GmbH um ein neues Angebot.',
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Anmerkung (optional)'), 'Gern');
    expect(screen.getByText('Noch 996 Zeichen')).toBeInTheDocument();
    noEnglishIn(document.body.textContent ?? '');

    await user.dblClick(screen.getByRole('button', { name: 'Angebot annehmen' }));
    expect(
      await screen.findByText(
        'Angenommen von Jürgen Groß am 3. März 2026. Schmidt Design GmbH wurde benachrichtigt.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Angenommen')).toBeInTheDocument();
    expect(commands(requests, '/public/quotes/tok/accept')).toHaveLength(1);
    noEnglishIn(`${document.title} ${document.body.textContent ?? ''}`);
  });

  it('says a dead link in the browser’s language before any quote is known', async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'en']);
    mockApi({
      'GET /public/quotes/tok': () => ({ status: 404, body: { error: 'This quote link is not valid' } }),
    });
    renderApp('/q/tok');
    expect(
      await screen.findByRole('heading', { name: 'Ce lien de devis n’est pas valide' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('L’expéditeur l’a peut-être remplacé. Demandez-lui un nouveau lien.'),
    ).toBeInTheDocument();
    languages.mockRestore();
  });
});

/** No fixed part of an English sentence the page could show (its catalogue's, the labels it borrows) is on it. */
function noEnglishIn(text: string) {
  const en = catalogue('en');
  const sentences = [
    ...Object.values(en.quotePage).flatMap((value) =>
      typeof value === 'string' ? [value] : Object.values(value),
    ),
    ...[en.document.description, en.document.unitPrice, en.document.amount, en.document.subtotal],
    ...[en.document.total, en.document.validUntil, en.page.downloadPdf],
  ];
  for (const fragment of sentences.flatMap((sentence) => sentence.split(/\{\w+\}/))) {
    const words = fragment.trim();
    if (words.length >= 4) expect(text, words).not.toContain(words);
  }
  expect(text).not.toMatch(/\b(Tax|Qty|For|Quote)\b/);
}
