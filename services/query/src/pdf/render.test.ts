import { readFileSync } from 'node:fs';
import { currencies, formatMoney, money, sampleInvoiceDocument } from '@remit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCodePoints } from './cmap.js';
import { RenderError } from './errors.js';
import { fontPaths } from './fonts.js';
import { RenderPool } from './pool.js';
import { previewText } from './preview.js';
import { renderPdf, renderPreview } from './render.js';
import { sampleInvoiceWithItems } from './samples.js';
import { normalize, pdfPages, tokens } from './testing/test-support.js';
import { workerEnv } from './worker-process.js';

const pool = new RenderPool({ size: 2 });
beforeAll(() => pool.ready());
afterAll(() => pool.close());

describe('glyph coverage', () => {
  it('has a glyph for every currency symbol and every European, Greek and Cyrillic letter', () => {
    const covered = new Set<number>();
    for (const path of fontPaths())
      for (const codePoint of readCodePoints(readFileSync(path))) covered.add(codePoint);
    const european =
      'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿĀāĂăĄąĆćČčĎďĐđĒēĖėĘęĚěĞğĢģĪīĮįİıĶķĹĺĻļĽľŁłŃńŅņŇňŐőŒœŔŕŘřŚśŞşŠšŢţŤťŪūŮůŰűŲųŸŹźŻżŽžȘșȚț';
    const greek = 'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώ';
    const cyrillic = 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюяЄєІіЇїЎўЂђЈјЉљЊњЋћЏџ';
    const symbols = currencies.map((currency) => currency.symbol).join('');
    const missing = [...`${european}${greek}${cyrillic}${symbols}`].filter(
      (char) => !covered.has(char.codePointAt(0) ?? 0),
    );
    expect(missing).toEqual([]);
  });

  it('prints every currency’s symbol in a rendered PDF', async () => {
    const items = currencies.map((currency) => ({
      description: `${currency.value} ${currency.symbol}`,
      quantity: 1,
      unitPrice: 100,
    }));
    const text = (
      await pdfPages(await renderPdf(sampleInvoiceDocument({ items }), 'classic', { pool }))
    ).join(' ');
    const missing = currencies.filter((currency) => !text.includes(`${currency.value} ${currency.symbol}`));
    expect(missing.map((currency) => currency.value)).toEqual([]);
  });
});

describe('user input', () => {
  it('prints markup-like text literally instead of evaluating it', async () => {
    const tricky = [
      '#panic("x")',
      ']',
      '*bold*',
      '_under_',
      '$x^2$',
      '<label> @ref',
      '// not a comment',
      '\\ backslash',
      '#{1 + 1}',
    ];
    const invoice = sampleInvoiceDocument({
      items: tricky.map((description) => ({ description, quantity: 1, unitPrice: 100 })),
      notes: '#set page(fill: red) ]]',
    });
    const text = (await pdfPages(await renderPdf(invoice, 'modern', { pool }))).join(' ');
    for (const description of tricky) expect(text).toContain(normalize(description));
    expect(text).toContain('#set page(fill: red) ]]');
  });

  it('refuses an unknown template and a logo that is not an image', async () => {
    await expect(renderPdf(sampleInvoiceDocument(), 'nope', { pool })).rejects.toMatchObject({
      code: 'unknown_template',
    });
    const seller = { ...sampleInvoiceDocument().seller, logo: { dataUrl: 'data:text/plain;base64,aGk=' } };
    await expect(renderPdf(sampleInvoiceDocument({ seller }), 'classic', { pool })).rejects.toBeInstanceOf(
      RenderError,
    );
  });
});

describe('the preview', () => {
  it('holds the same text as the PDF of the same invoice', async () => {
    const invoice = sampleInvoiceDocument();
    const [html, pdf] = await Promise.all([
      renderPreview(invoice, 'studio', { pool }),
      renderPdf(invoice, 'studio', { pool }),
    ]);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html.match(/class="sheet"/g)?.length).toBeGreaterThanOrEqual(1);
    const fromPdf = tokens((await pdfPages(pdf)).join(' ')).sort();
    const fromPreview = tokens(previewText(html)).sort();
    expect(fromPreview).toEqual(fromPdf);
    expect(previewText(html)).toContain(normalize(formatMoney(money(invoice.total, 'EUR'))));
  });
});

describe('the worker pool', () => {
  it('replaces a killed worker, fails the render it was doing, and renders the next one', async () => {
    await pool.ready();
    const inFlight = renderPdf(sampleInvoiceWithItems(200), 'classic', { pool });
    const killed = pool.workerPids();
    for (const pid of killed) process.kill(pid, 'SIGKILL');
    await expect(inFlight).rejects.toMatchObject({ name: 'RenderError', code: 'crashed' });
    await expect.poll(() => pool.workerPids().some((pid) => killed.includes(pid))).toBe(false);
    const pdf = await renderPdf(sampleInvoiceDocument(), 'classic', { pool });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.workerPids()).toHaveLength(2);
  });

  it('gives up on a render that hangs with a timeout error, and keeps serving', async () => {
    const impatient = new RenderPool({ size: 1, timeoutMs: 1 });
    try {
      await impatient.ready();
      await expect(
        renderPdf(sampleInvoiceWithItems(200), 'classic', { pool: impatient }),
      ).rejects.toMatchObject({
        code: 'timeout',
      });
      await impatient.ready();
      expect(impatient.workerPids()).toHaveLength(1);
    } finally {
      await impatient.close();
    }
  });

  it('ends a worker after its render budget and starts the next only when a render needs it', async () => {
    const small = new RenderPool({ size: 1, maxRendersPerWorker: 3 });
    try {
      await small.ready();
      const [first] = small.workerPids();
      for (let i = 0; i < 3; i++) await renderPdf(sampleInvoiceDocument(), 'minimal', { pool: small });
      expect(small.workerPids()).toEqual([]);
      if (first !== undefined) await expect.poll(() => isAlive(first), { timeout: 10_000 }).toBe(false);
      const pdf = await renderPdf(sampleInvoiceDocument(), 'minimal', { pool: small });
      expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
      expect(small.workerPids()).toHaveLength(1);
      expect(small.workerPids()).not.toContain(first);
    } finally {
      await small.close();
    }
  });

  it('answers every render queued across replacements, never running more workers than its size', async () => {
    const small = new RenderPool({ size: 2, maxRendersPerWorker: 2 });
    const seen = new Set<number>();
    let most = 0;
    const watch = setInterval(() => {
      const pids = small.workerPids();
      for (const pid of pids) if (isAlive(pid)) seen.add(pid);
      most = Math.max(most, pids.filter(isAlive).length);
    }, 5);
    try {
      const pdfs = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          renderPdf(sampleInvoiceDocument({ number: `INV-${i}` }), i % 2 ? 'classic' : 'minimal', {
            pool: small,
          }),
        ),
      );
      expect(pdfs.map((pdf) => Buffer.from(pdf).subarray(0, 5).toString())).toEqual(Array(6).fill('%PDF-'));
      expect(seen.size).toBeGreaterThanOrEqual(3);
      expect(most).toBeLessThanOrEqual(2);
    } finally {
      clearInterval(watch);
      await small.close();
    }
  });

  it('ends its workers after idleMs with nothing to render, and starts them again for the next render', async () => {
    const resting = new RenderPool({ size: 2, idleMs: 300, startupTimeoutMs: 120_000 });
    try {
      await resting.ready();
      const pdf = await renderPdf(sampleInvoiceDocument(), 'minimal', { pool: resting });
      expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
      const [first] = resting.workerPids();
      await expect.poll(() => resting.workerPids(), { timeout: 20_000 }).toEqual([]);
      if (first !== undefined) await expect.poll(() => isAlive(first), { timeout: 10_000 }).toBe(false);
      // Two renders at once after the rest: both wait for the new workers and both come back.
      const again = await Promise.all([
        renderPdf(sampleInvoiceDocument(), 'minimal', { pool: resting }),
        renderPdf(sampleInvoiceDocument(), 'classic', { pool: resting }),
      ]);
      expect(again.map((bytes) => Buffer.from(bytes).subarray(0, 5).toString())).toEqual(['%PDF-', '%PDF-']);
      expect(resting.workerPids()).toHaveLength(2);
    } finally {
      await resting.close();
    }
  });

  it("runs its workers with glibc's trim threshold fixed at 128 KB, unless the operator set one", async () => {
    await pool.ready();
    const [pid] = pool.workerPids();
    const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(environment).toContain('MALLOC_TRIM_THRESHOLD_=131072');
    expect(workerEnv({ MALLOC_TRIM_THRESHOLD_: '0' }).MALLOC_TRIM_THRESHOLD_).toBe('0');
  });

  it('refuses work beyond its queue bound and after closing', async () => {
    const tiny = new RenderPool({ size: 1, maxQueue: 1 });
    const invoice = sampleInvoiceDocument();
    const jobs = [
      renderPdf(invoice, 'classic', { pool: tiny }),
      renderPdf(invoice, 'classic', { pool: tiny }),
    ];
    await expect(jobs[1]).rejects.toMatchObject({ code: 'busy' });
    await jobs[0];
    await tiny.close();
    await expect(renderPdf(invoice, 'classic', { pool: tiny })).rejects.toMatchObject({ code: 'closed' });
  });

  it('keeps the event loop free while rendering', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await Promise.all(
      Array.from({ length: 6 }, () => renderPdf(sampleInvoiceWithItems(200), 'compact', { pool })),
    );
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(3);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
