export { RenderError, type RenderErrorCode } from './errors.js';
export { RenderPool } from './pool.js';
export type { RenderPoolOptions } from './pool-options.js';
export {
  closeRenderer,
  configureRenderer,
  type EInvoiceRenderOptions,
  getRenderPool,
  type RenderOptions,
  renderFacturXPdf,
  renderInvoicePdf,
  renderInvoicePreview,
  renderPdf,
  renderPreview,
} from './render.js';
export {
  findTemplate,
  type InvoiceTemplate,
  invoiceTemplates,
  listTemplates,
  readThumbnail,
  thumbnailPath,
} from './templates/registry.js';
