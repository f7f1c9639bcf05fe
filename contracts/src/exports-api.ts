import { z } from 'zod';
import type { VatCategory } from './einvoice/codes.js';

/**
 * Period exports for the accountant and the auditor (issue 32 item 1; docs/decisions.md D-260 … D-269):
 * `GET /exports/{kind}?from=&to=`. The web's Export screen builds its links from these schemas, so the screen and
 * the route cannot drift.
 */
export const exportKinds = ['invoices', 'payments', 'clients', 'datev', 'archive'] as const;
export type ExportKind = (typeof exportKinds)[number];

/** The kinds that are tables, written as CSV or XLSX. */
export const tableExportKinds = ['invoices', 'payments', 'clients'] as const satisfies readonly ExportKind[];
export const tableFormats = ['csv', 'xlsx'] as const;
export type TableFormat = (typeof tableFormats)[number];

/** `;` (what a German or French spreadsheet opens, decimals with a comma) or `,` (decimals with a point). */
export const csvDelimiters = [';', ','] as const;
export type CsvDelimiter = (typeof csvDelimiters)[number];

/** At most this many days in one export (a period is a month, a quarter or a year; the archive streams). */
export const EXPORT_MAX_DAYS = 366;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the yyyy-mm-dd format')
  .refine((value) => isRealDay(value), 'Not a date in the calendar');

function isRealDay(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both counted. */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const exportKindSchema = z.enum(exportKinds, {
  error: () => `Unknown export: use one of ${exportKinds.join(', ')}`,
});

/** The query of `GET /exports/{kind}`; `kind` is the path's. */
export const exportQuerySchema = z
  .object({
    kind: exportKindSchema,
    from: isoDay,
    to: isoDay,
    format: z
      .enum(tableFormats, { error: () => `Unknown format: use ${tableFormats.join(' or ')}` })
      .optional(),
    delimiter: z.enum(csvDelimiters, { error: () => "The CSV delimiter is ';' or ','" }).optional(),
  })
  .superRefine((query, context) => {
    if (query.to < query.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'The period cannot end before it starts' });
    } else if (periodDays(query.from, query.to) > EXPORT_MAX_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A period is at most ${EXPORT_MAX_DAYS} days; export a longer one year by year`,
      });
    }
    const isTable = (tableExportKinds as readonly string[]).includes(query.kind);
    if (!isTable && query.format) {
      context.addIssue({
        code: 'custom',
        path: ['format'],
        message: `The ${query.kind} export has one format; leave format out`,
      });
    }
    if (query.delimiter && (!isTable || query.format === 'xlsx')) {
      context.addIssue({ code: 'custom', path: ['delimiter'], message: 'A delimiter applies to CSV only' });
    }
  });
export type ExportQuery = z.infer<typeof exportQuerySchema>;

// ── DATEV settings ─────────────────────────────────────────────────────────────────────────────────────────

export const chartsOfAccounts = ['SKR03', 'SKR04'] as const;
export type ChartOfAccounts = (typeof chartsOfAccounts)[number];

/** The revenue accounts a booking is made on, per VAT category (and the two German standard rates). */
export const revenueAccountKeys = [
  'standard19',
  'standard7',
  'standardOther',
  'zeroRated',
  'exempt',
  'reverseCharge',
  'intraCommunity',
  'export',
  'notSubject',
] as const;
export type RevenueAccountKey = (typeof revenueAccountKeys)[number];

export const revenueAccountLabels: Record<RevenueAccountKey, string> = {
  standard19: 'Standard rate 19 %',
  standard7: 'Reduced rate 7 %',
  standardOther: 'Other standard rates',
  zeroRated: 'Zero rated',
  exempt: 'Exempt from VAT',
  reverseCharge: 'Reverse charge (§ 13b)',
  intraCommunity: 'Intra-community supply (EU)',
  export: 'Export outside the EU',
  notSubject: 'Not subject to VAT',
};

/**
 * DATEV's own revenue accounts (Automatikkonten where DATEV splits off the tax itself, so no BU-Schlüssel is
 * written): SKR03 8400/8300 Erlöse 19 %/7 % USt, 8125 steuerfreie innergemeinschaftliche Lieferungen, 8120
 * steuerfreie Umsätze § 4 Nr. 1a (Ausfuhr), 8337 Erlöse § 13b (Leistungsempfänger schuldet die Steuer), 8100
 * steuerfreie Umsätze § 4 Nr. 8 ff., 8200 Erlöse (without tax), 8338 nicht steuerbar (Drittland); SKR04 the same
 * accounts in its 4xxx class. The receivable account is "Forderungen aus L+L ohne Kontokorrent" (SKR03 1410,
 * SKR04 1210): a collective account (1400 / 1200) cannot be booked on. Money comes in on Bank (SKR03 1200,
 * SKR04 1800), Kasse (1000 / 1600) or Geldtransit (1360 / 1460: card and online payments a provider pays out later).
 */
export const defaultAccounts: Record<
  ChartOfAccounts,
  {
    receivable: string;
    bank: string;
    cash: string;
    transit: string;
    revenue: Record<RevenueAccountKey, string>;
  }
> = {
  SKR03: {
    receivable: '1410',
    bank: '1200',
    cash: '1000',
    transit: '1360',
    revenue: {
      standard19: '8400',
      standard7: '8300',
      standardOther: '8200',
      zeroRated: '8200',
      exempt: '8100',
      reverseCharge: '8337',
      intraCommunity: '8125',
      export: '8120',
      notSubject: '8338',
    },
  },
  SKR04: {
    receivable: '1210',
    bank: '1800',
    cash: '1600',
    transit: '1460',
    revenue: {
      standard19: '4400',
      standard7: '4300',
      standardOther: '4200',
      zeroRated: '4200',
      exempt: '4100',
      reverseCharge: '4337',
      intraCommunity: '4125',
      export: '4120',
      notSubject: '4338',
    },
  },
};

/** Which revenue account a VAT treatment is booked on. */
export function revenueAccountKeyOf(category: VatCategory | null, rate: number): RevenueAccountKey {
  switch (category) {
    case null:
      // Written before VAT categories: no tax stated is no tax charged.
      return rate === 0 ? 'notSubject' : standardKeyOf(rate);
    case 'S':
      return standardKeyOf(rate);
    case 'Z':
      return 'zeroRated';
    case 'E':
      return 'exempt';
    case 'AE':
      return 'reverseCharge';
    case 'K':
      return 'intraCommunity';
    case 'G':
      return 'export';
    case 'O':
      return 'notSubject';
  }
}

const standardKeyOf = (rate: number): RevenueAccountKey =>
  rate === 1900 ? 'standard19' : rate === 700 ? 'standard7' : 'standardOther';

const accountNumber = z
  .string()
  .trim()
  .regex(/^\d{4,8}$/, 'An account is 4 to 8 digits');

/** `PUT /settings/accounting` and what `GET /settings/accounting` answers: the owner's DATEV details. */
export const accountingSettingsSchema = z
  .object({
    /** Beraternummer: the tax advisor's number at DATEV (1001 – 9999999). */
    consultantNumber: z.number().int().min(1001, 'A consultant number is 1001 to 9999999').max(9_999_999),
    /** Mandantennummer: the client's number at the tax advisor (1 – 99999). */
    clientNumber: z.number().int().min(1, 'A client number is 1 to 99999').max(99_999),
    /** The month the fiscal year starts in (1 = January). */
    fiscalYearStartMonth: z.number().int().min(1).max(12),
    /** Sachkontenlänge: digits of a general ledger account (4 – 8); DATEV pads SKR accounts with zeros. */
    accountLength: z.number().int().min(4).max(8),
    chart: z.enum(chartsOfAccounts),
    receivableAccount: accountNumber,
    revenueAccounts: z.object(
      Object.fromEntries(revenueAccountKeys.map((key) => [key, accountNumber])) as Record<
        RevenueAccountKey,
        typeof accountNumber
      >,
    ),
  })
  .superRefine((settings, context) => {
    const accounts = [
      ['receivableAccount', settings.receivableAccount],
      ...Object.entries(settings.revenueAccounts).map(([key, value]) => [`revenueAccounts.${key}`, value]),
    ];
    for (const [path, value] of accounts) {
      if (value && value.length > settings.accountLength) {
        context.addIssue({
          code: 'custom',
          path: path?.split('.') ?? [],
          message: `An account has at most ${settings.accountLength} digits (the account length)`,
        });
      }
    }
  });
export type AccountingSettings = z.infer<typeof accountingSettingsSchema>;

/** Until the owner saves theirs: SKR03, four-digit accounts, a calendar fiscal year, DATEV's test numbers. */
export const defaultAccountingSettings: AccountingSettings = {
  consultantNumber: 1001,
  clientNumber: 1,
  fiscalYearStartMonth: 1,
  accountLength: 4,
  chart: 'SKR03',
  receivableAccount: defaultAccounts.SKR03.receivable,
  revenueAccounts: defaultAccounts.SKR03.revenue,
};

/** `GET /settings/accounting`: the settings in force and whether the owner saved them. */
export const accountingSettingsAnswerSchema = z.object({
  settings: accountingSettingsSchema,
  saved: z.boolean(),
});
export type AccountingSettingsAnswer = z.infer<typeof accountingSettingsAnswerSchema>;

/** The first day of the fiscal year `day` falls in. */
export function fiscalYearStartOf(day: string, startMonth: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const startYear = month >= startMonth ? year : year - 1;
  return `${startYear}-${String(startMonth).padStart(2, '0')}-01`;
}

// ── The archive's manifest ────────────────────────────────────────────────────────────────────────────────

/** `manifest.json` in the period's ZIP: what it holds, each file's SHA-256, and the log it was read from. */
export const exportManifestSchema = z.object({
  format: z.literal('remit-period-archive/1'),
  createdAt: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
  /**
   * The export is a function of the events linked at chain links 1 … `link`: the chain's head when the export
   * began. `npm run verify` later prints the hash at that link; a different one means the log was rewritten.
   */
  chain: z
    .object({ link: z.number().int(), position: z.string(), hash: z.string(), linkedAt: z.string() })
    .nullable(),
  /** Events written before the export began but not linked in time, so not in it (normally 0). */
  unlinked: z.number().int(),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int(), sha256: z.string() })),
  /** Documents whose e-invoice XML is not in the archive, and why (their PDF is). */
  withoutXml: z.array(z.object({ number: z.string(), reason: z.string() })),
});
export type ExportManifest = z.infer<typeof exportManifestSchema>;
