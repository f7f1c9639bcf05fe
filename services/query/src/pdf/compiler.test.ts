import { sampleInvoiceDocument } from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import { type CachePolicy, InvoiceCompiler } from './compiler.js';
import { toTemplateData } from './template-data.js';
import { invoiceTemplates } from './templates/registry.js';

/** Median milliseconds to render `count` invoices that differ only in their number, after a warm-up. */
function medianRenderMs(compiler: InvoiceCompiler, templateId: string, count: number): number {
  const samples: number[] = [];
  for (let i = 0; i < count + 3; i++) {
    const invoice = sampleInvoiceDocument({ number: `INV-${templateId}-${i}-${Math.random()}` });
    const data = JSON.stringify(toTemplateData(invoice, null));
    const start = performance.now();
    compiler.render({ kind: 'pdf', templateId, data });
    if (i >= 3) samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN;
}

describe('the compiler', () => {
  // Typst's cache is global to the process, so the two policies are measured one after the other, never mixed.
  it('reuses the template’s layout work from one invoice to the next in every template', () => {
    const reuse: CachePolicy = { maxAge: 3, every: 1 };
    const none: CachePolicy = { maxAge: 0, every: 1 };
    const withReuse = new InvoiceCompiler(reuse);
    const reused = invoiceTemplates.map((template) => medianRenderMs(withReuse, template.id, 9));
    const withoutReuse = new InvoiceCompiler(none);
    const fresh = invoiceTemplates.map((template) => medianRenderMs(withoutReuse, template.id, 9));
    // Measured about 3× on a quiet machine. A template that puts invoice data into a page style (a footer with
    // the number, `set document` before the body) loses the reuse and lands near 1×: see lib.typ.
    const slow = invoiceTemplates.filter((_, index) => (fresh[index] ?? 0) < 1.5 * (reused[index] ?? 0));
    expect(slow.map((template) => template.id)).toEqual([]);
  });
});
