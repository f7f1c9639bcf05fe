import { type DocumentLanguage, type EInvoice, parseQuantity, sampleEInvoice } from '@remit/contracts';

/** What the owner types, in the customer's language: a page is only as foreign as its own words are. */
const content: Record<DocumentLanguage, { lines: [string, string, string]; notes: string; terms: string }> = {
  en: {
    lines: ['Brand workshop', 'Design and development', 'Stock photography licences'],
    notes: 'Thank you for your business.',
    terms: 'Payment within 30 days without deduction.',
  },
  de: {
    lines: [
      'Markenentwicklungsworkshop',
      'Datenschutzgrundverordnungskonformitätsprüfung und Barrierefreiheitsanpassung',
      'Bildlizenzen',
    ],
    notes: 'Vielen Dank für Ihren Auftrag.',
    terms: 'Zahlbar innerhalb von 30 Tagen ohne Abzug.',
  },
  fr: {
    lines: ['Atelier de marque', 'Conception et développement', 'Licences photographiques'],
    notes: 'Merci pour votre confiance.',
    terms: 'Paiement à 30 jours sans escompte.',
  },
  es: {
    lines: ['Taller de marca', 'Diseño y desarrollo', 'Licencias fotográficas'],
    notes: 'Gracias por su confianza.',
    terms: 'Pago a 30 días sin descuento.',
  },
  it: {
    lines: ['Workshop sul marchio', 'Progettazione e sviluppo', 'Licenze fotografiche'],
    notes: 'Grazie per la fiducia.',
    terms: 'Pagamento a 30 giorni senza sconto.',
  },
  nl: {
    lines: ['Merkworkshop', 'Ontwerp en ontwikkeling', 'Fotolicenties'],
    notes: 'Bedankt voor de samenwerking.',
    terms: 'Betaling binnen 30 dagen zonder korting.',
  },
};

/** A German studio's invoice at two VAT rates over a service period, paid by SEPA transfer, in `language`. */
export function localisedInvoice(language: DocumentLanguage, overrides: Partial<EInvoice> = {}): EInvoice {
  const base = sampleEInvoice();
  const words = content[language];
  return sampleEInvoice({
    language,
    number: `RE-2026-${language.toUpperCase()}`,
    issueDate: '2026-11-27',
    dueDate: '2026-12-27',
    items: [
      { ...(base.items[0] as EInvoice['items'][number]), description: words.lines[0] },
      { ...(base.items[1] as EInvoice['items'][number]), description: words.lines[1] },
      {
        description: words.lines[2],
        quantity: parseQuantity('12'),
        unit: 'C62',
        unitPrice: 100_000,
        vat: { category: 'S', rate: 700, exemption: null },
      },
    ],
    notes: words.notes,
    terms: words.terms,
    ...overrides,
  });
}
