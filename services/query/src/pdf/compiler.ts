import { join } from 'node:path';
import { NodeCompiler, type NodeError } from '@myriaddreamin/typst-ts-node-compiler';
import { loadFontBlobs } from './fonts.js';
import { logoDir, templatesDir } from './paths.js';

export type RenderKind = 'pdf' | 'svg';

export interface CompileJob {
  kind: RenderKind;
  templateId: string;
  /** TemplateData as JSON; the template decodes it, so nothing the user typed is ever parsed as Typst. */
  data: string;
  logo?: { name: string; bytes: Uint8Array };
}

/**
 * One Typst compiler with our fonts, reused across renders so parsed templates, fonts and layouts stay
 * memoised. It lives in a worker process: pdf() leaks, and the pool recycles the whole process.
 */
export class InvoiceCompiler {
  private readonly compiler = NodeCompiler.create({
    workspace: templatesDir,
    fontArgs: [{ fontBlobs: loadFontBlobs() }],
  });

  render(job: CompileJob): { output: Uint8Array | string; pages: number } {
    const logoPath = job.logo ? join(logoDir, job.logo.name) : null;
    if (job.logo && logoPath) this.compiler.mapShadow(logoPath, Buffer.from(job.logo.bytes));
    try {
      const result = this.compiler.compile({
        mainFilePath: join(templatesDir, job.templateId, 'template.typ'),
        inputs: { invoice: job.data },
      });
      const error = result.takeError();
      const document = result.result;
      if (error || !document) throw new Error(describe(error));
      const output = job.kind === 'pdf' ? this.compiler.pdf(document) : this.compiler.svg(document);
      return { output, pages: document.numOfPages };
    } finally {
      if (logoPath) this.compiler.unmapShadow(logoPath);
      // Typst memoises every compilation, keyed by its inputs; each invoice is new, so those entries never hit
      // again and only grow memory (measured: 2.2 MB per render kept, against 0.8 MB when cleared each time,
      // at no measurable cost in speed).
      this.compiler.evictCache(0);
    }
  }
}

function describe(error: NodeError | null): string {
  if (!error) return 'Typst produced no document';
  const diagnostics: unknown[] = error.shortDiagnostics;
  return diagnostics
    .map((diagnostic) => {
      if (typeof diagnostic === 'object' && diagnostic !== null && 'message' in diagnostic) {
        return String(diagnostic.message);
      }
      return JSON.stringify(diagnostic);
    })
    .join('; ');
}
