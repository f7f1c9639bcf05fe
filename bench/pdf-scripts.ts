// Text in other scripts on a PDF: npm run bench:pdf-scripts [-- --renders=30 --dist]
// One render worker; a Latin invoice and one whose customer and lines are Chinese, Korean, Hebrew and emoji, each
// rendered through the download's path (renderInvoicePdf): median and p95 render time, the PDF's size, whether
// it is Factur-X, and the worker's RSS after each series.
import { sampleEInvoice } from '@remit/contracts';

const args = new Map(
  process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]),
);
const renders = Number(args.get('renders') ?? 30);
const fromDist = args.has('dist');
const distEntry = '../services/query/dist/pdf/index.js';
const renderer: typeof import('../services/query/src/pdf/index.js') = fromDist
  ? await import(distEntry)
  : await import('../services/query/src/pdf/index.js');
const { RenderPool, renderInvoicePdf } = renderer;

const latin = sampleEInvoice();
const wide = sampleEInvoice({
  customer: { ...latin.customer, companyName: '北京设计有限公司 · 디자인 서비스' },
  items: latin.items.map((item, index) => ({
    ...item,
    description: ['品牌设计服务 🎨', 'שירותי עיצוב גרפי', 'ロゴデザイン制作 ✨'][index] ?? item.description,
  })),
});

const pool = new RenderPool({ size: 1 });
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const percentile = (samples: number[], p: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))] ??
  0;
try {
  for (const [name, invoice] of [
    ['Latin', latin],
    ['CJK/Hebrew/emoji', wide],
  ] as const) {
    const times: number[] = [];
    let last: { pdf: Buffer; facturX: boolean } | undefined;
    for (let i = 0; i < renders; i++) {
      const start = performance.now();
      last = await renderInvoicePdf(invoice, 'classic', { pool });
      times.push(performance.now() - start);
    }
    console.log(
      `${name}: first ${times[0]?.toFixed(0)} ms, median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ` +
        `${((last?.pdf.length ?? 0) / 1024).toFixed(1)} KiB, Factur-X ${last?.facturX}, worker RSS ${mb(pool.memoryUsage().workersRss)}`,
    );
  }
} finally {
  await pool.close();
}
