import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import {
  computeEInvoiceTotals,
  type EInvoice,
  eInvoiceReadiness,
  type InvoiceDocument,
  type InvoiceLogo,
  needsWideFonts,
} from '@remit/contracts';
import { EInvoiceNotReadyError, eInvoiceXml } from '../einvoice/index.js';
import { eInvoiceTemplateData } from '../einvoice/template-data.js';
import type { CompileJob, RenderKind } from './compiler.js';
import { RenderError } from './errors.js';
import { RenderPool } from './pool.js';
import type { RenderPoolOptions } from './pool-options.js';
import { toPreviewHtml } from './preview.js';
import { templateVoid, toTemplateData } from './template-data.js';
import { findTemplate } from './templates/registry.js';

export interface RenderOptions {
  /** Defaults to the shared pool (configureRenderer). */
  pool?: RenderPool;
  /** The day (yyyy-mm-dd) a void invoice was voided: every page is stamped VOID (lib.typ). */
  voidedOn?: string;
}

let sharedPool: RenderPool | undefined;
let sharedOptions: RenderPoolOptions = {};

/** Sets the shared pool's options; takes effect when the pool is first used. */
export function configureRenderer(options: RenderPoolOptions): void {
  sharedOptions = options;
}

export function getRenderPool(): RenderPool {
  sharedPool ??= new RenderPool(sharedOptions);
  return sharedPool;
}

export async function closeRenderer(): Promise<void> {
  const pool = sharedPool;
  sharedPool = undefined;
  await pool?.close();
}

/** The invoice as a PDF in the given template. Rejects with RenderError (code 'unknown_template' → 404). */
export async function renderPdf(
  invoice: InvoiceDocument,
  templateId: string,
  options: RenderOptions = {},
): Promise<Buffer> {
  const { output } = await render('pdf', invoice, templateId, options);
  if (typeof output === 'string')
    throw new RenderError('compile_failed', 'Typst returned text instead of a PDF');
  return Buffer.from(output.buffer, output.byteOffset, output.byteLength);
}

/** The same layout as the PDF, as a standalone HTML page of SVG sheets for the preview frame. */
export async function renderPreview(
  invoice: InvoiceDocument,
  templateId: string,
  options: RenderOptions = {},
): Promise<string> {
  const { output } = await render('svg', invoice, templateId, options);
  if (typeof output !== 'string')
    throw new RenderError('compile_failed', 'Typst returned bytes instead of SVG');
  return toPreviewHtml(output, `Invoice ${invoice.number}`);
}

export interface EInvoiceRenderOptions extends RenderOptions {
  logo?: InvoiceLogo;
  /** The PDF's creation time (Factur-X); now by default. */
  createdAt?: Date;
  /** A quote prints with its own words and is never an e-invoice (issue 33). */
  kind?: 'invoice' | 'quote';
}

/**
 * An invoice of the e-invoice model as a Factur-X PDF (EN 16931 profile, PDF/A-3b with `factur-x.xml`). Throws
 * EInvoiceNotReadyError listing what is missing when the invoice is not ready for EN 16931.
 */
export async function renderFacturXPdf(
  invoice: EInvoice,
  templateId: string,
  options: EInvoiceRenderOptions = {},
): Promise<Buffer> {
  const issues = eInvoiceReadiness(invoice, 'en16931');
  if (issues.length > 0) throw new EInvoiceNotReadyError('facturx', issues);
  const xml = eInvoiceXml(invoice, 'facturx');
  const createdAt = Math.floor((options.createdAt ?? new Date()).getTime() / 1000);
  return pdfBytes(
    await renderData(
      'pdf',
      templateId,
      options.logo,
      (logoPath) => eInvoiceTemplateData(invoice, logoPath),
      options,
      {
        xml,
        conformanceLevel: 'EN 16931',
        createdAt,
      },
    ),
  );
}

/**
 * The PDF the download offers for an invoice of the model: Factur-X when it is ready for EN 16931, otherwise the
 * plain PDF of the same layout and figures (what Remit did before e-invoices), never an error for missing terms.
 */
export async function renderInvoicePdf(
  invoice: EInvoice,
  templateId: string,
  options: EInvoiceRenderOptions = {},
): Promise<{ pdf: Buffer; facturX: boolean }> {
  // A void invoice is never Factur-X: its embedded XML would still ask an accounting system to book it. A ready
  // invoice always is: readiness has checked that the shipped fonts draw every character (drawable.ts), so there
  // is no quiet fallback to a plain PDF.
  const kind = options.kind ?? 'invoice';
  if (!options.voidedOn && kind === 'invoice' && eInvoiceReadiness(invoice, 'en16931').length === 0) {
    return { pdf: await renderFacturXPdf(invoice, templateId, options), facturX: true };
  }
  const totals = computeEInvoiceTotals(invoice);
  const output = await renderData(
    'pdf',
    templateId,
    options.logo,
    (logoPath) => eInvoiceTemplateData(invoice, logoPath, totals, kind),
    options,
  );
  return { pdf: pdfBytes(output), facturX: false };
}

/** The wizard's preview of an invoice of the model: the same layout and figures as its PDF, as HTML of SVG pages. */
export async function renderInvoicePreview(
  invoice: EInvoice,
  templateId: string,
  options: EInvoiceRenderOptions = {},
): Promise<string> {
  const { output } = await renderData(
    'svg',
    templateId,
    options.logo,
    (logoPath) => eInvoiceTemplateData(invoice, logoPath),
    options,
  );
  if (typeof output !== 'string')
    throw new RenderError('compile_failed', 'Typst returned bytes instead of SVG');
  return toPreviewHtml(output, `Invoice ${invoice.number}`);
}

function pdfBytes({ output }: { output: Uint8Array | string }): Buffer {
  if (typeof output === 'string')
    throw new RenderError('compile_failed', 'Typst returned text instead of a PDF');
  return Buffer.from(output.buffer, output.byteOffset, output.byteLength);
}

async function render(
  kind: RenderKind,
  invoice: InvoiceDocument,
  templateId: string,
  options: RenderOptions,
) {
  return renderData(
    kind,
    templateId,
    invoice.seller.logo,
    (logoPath) => toTemplateData(invoice, logoPath),
    options,
  );
}

async function renderData(
  kind: RenderKind,
  templateId: string,
  logoSource: InvoiceLogo | undefined,
  toData: (logoPath: string | null) => object,
  options: RenderOptions,
  facturX?: CompileJob['facturX'],
) {
  if (!findTemplate(templateId)) throw new RenderError('unknown_template', `Unknown template: ${templateId}`);
  const logo = logoSource ? await loadLogo(logoSource) : undefined;
  const templateData = toData(logo ? `/__logo__/${logo.name}` : null) as { meta?: { language?: string } };
  const data = JSON.stringify({
    ...templateData,
    voided: options.voidedOn ? templateVoid(options.voidedOn, templateData.meta?.language) : null,
  });
  const job: CompileJob = {
    kind,
    templateId,
    data,
    ...(needsWideFonts(data) ? { wideFonts: true } : {}),
    ...(logo ? { logo } : {}),
    ...(facturX ? { facturX } : {}),
  };
  return (options.pool ?? getRenderPool()).render(job);
}

const logoTypes: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/jpg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/svg+xml': '.svg',
};

/** Logos reach Typst as files in its virtual workspace, named by content so Typst can cache decoded images. */
async function loadLogo(logo: InvoiceLogo): Promise<{ name: string; bytes: Uint8Array }> {
  let bytes: Buffer;
  let extension: string | undefined;
  if ('dataUrl' in logo) {
    const match = /^data:([\w/+.-]+);base64,(.*)$/s.exec(logo.dataUrl);
    extension = match ? logoTypes[match[1] ?? ''] : undefined;
    bytes = Buffer.from(match?.[2] ?? '', 'base64');
  } else {
    extension = extname(logo.path).toLowerCase().replace('.jpeg', '.jpg');
    bytes = await readFile(logo.path).catch(() => Buffer.alloc(0));
  }
  if (!extension || !Object.values(logoTypes).includes(extension) || bytes.length === 0) {
    throw new RenderError('invalid_logo', 'The logo must be a PNG, JPEG, GIF, WebP or SVG image');
  }
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}${extension}`;
  return { name, bytes };
}
