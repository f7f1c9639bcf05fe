import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultPdfWorkers, loadQueryConfig } from './config.js';

describe('the PDF render workers', () => {
  it('are one on a machine of one or two cores and two above, when PDF_WORKERS is unset', () => {
    expect([1, 2, 3, 4, 16].map(defaultPdfWorkers)).toEqual([1, 1, 2, 2, 2]);
    expect(loadQueryConfig({}).pdf.workers).toBe(defaultPdfWorkers(availableParallelism()));
  });

  it('are as many as PDF_WORKERS says, and a worker is replaced at PDF_WORKER_MAX_RSS_MB or 256 MB', () => {
    const config = loadQueryConfig({ PDF_WORKERS: '3', PDF_WORKER_MAX_RSS_MB: '512' });
    expect(config.pdf.workers).toBe(3);
    expect(config.pdf.maxWorkerRssBytes).toBe(512 * 1024 * 1024);
    expect(loadQueryConfig({}).pdf.maxWorkerRssBytes).toBe(256 * 1024 * 1024);
  });
});
