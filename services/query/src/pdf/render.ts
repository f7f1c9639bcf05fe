import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { InvoiceDocument, InvoiceLogo } from '@remit/contracts';
import type { CompileJob, RenderKind } from './compiler.js';
import { RenderError } from './errors.js';
import { RenderPool, type RenderPoolOptions } from './pool.js';
import { toPreviewHtml } from './preview.js';
import { toTemplateData } from './template-data.js';
import { findTemplate } from './templates/registry.js';

export interface RenderOptions {
  /** Defaults to the shared pool (configureRenderer). */
  pool?: RenderPool;
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

async function render(
  kind: RenderKind,
  invoice: InvoiceDocument,
  templateId: string,
  options: RenderOptions,
) {
  if (!findTemplate(templateId)) throw new RenderError('unknown_template', `Unknown template: ${templateId}`);
  const logo = invoice.seller.logo ? await loadLogo(invoice.seller.logo) : undefined;
  const data = JSON.stringify(toTemplateData(invoice, logo ? `/__logo__/${logo.name}` : null));
  const job: CompileJob = { kind, templateId, data, ...(logo ? { logo } : {}) };
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
