/**
 * Wraps Typst's SVG of a whole invoice into a standalone HTML page for the preview frame: one sheet per page,
 * centred on grey with a shadow, scaling down with the frame. Typst emits one SVG with shared glyph definitions
 * followed by one group per page; the definitions go into a hidden SVG (ids resolve across the document) and
 * each page group into its own SVG, so pages can be laid out and separated like paper.
 */
export function toPreviewHtml(svg: string, title: string): string {
  const pageStarts = [...svg.matchAll(/<g class="typst-page"/g)].map((match) => match.index);
  const end = svg.lastIndexOf('</svg>');
  const first = pageStarts[0];
  if (first === undefined || end < 0) throw new Error('Unexpected SVG from Typst: no pages');
  const head = svg.slice(0, first);
  const openTagEnd = head.indexOf('>') + 1;
  const definitions = head.slice(openTagEnd);
  const pages = pageStarts.map((start, index) => {
    const group = svg.slice(start, pageStarts[index + 1] ?? end);
    const width = /data-page-width="([\d.]+)"/.exec(group)?.[1] ?? '595';
    const height = /data-page-height="([\d.]+)"/.exec(group)?.[1] ?? '842';
    const atOrigin = group.replace(/transform="translate\(0, [\d.]+\)"/, 'transform="translate(0, 0)"');
    return `<div class="sheet" style="aspect-ratio: ${width} / ${height}"><svg class="typst-doc" viewBox="0 0 ${width} ${height}" ${namespaces}>${atOrigin}</svg></div>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
html, body { margin: 0; background: #e7e9ee; }
body { display: flex; flex-direction: column; align-items: center; gap: 24px; padding: 24px 16px; box-sizing: border-box; }
.sheet { width: 100%; max-width: 794px; background: #fff; border-radius: 2px; box-shadow: 0 1px 3px rgba(15, 23, 42, .12), 0 12px 32px rgba(15, 23, 42, .14); }
.sheet > svg { display: block; width: 100%; height: 100%; }
.definitions { position: absolute; width: 0; height: 0; overflow: hidden; }
@media print { body { background: none; padding: 0; gap: 0; } .sheet { box-shadow: none; max-width: none; } }
</style>
</head>
<body>
<svg class="typst-doc definitions" aria-hidden="true" ${namespaces}>${definitions}</svg>
${pages.join('\n')}
</body>
</html>
`;
}

const namespaces =
  'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:h5="http://www.w3.org/1999/xhtml"';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The text a reader of the preview can select, in page order (Typst puts it in transparent overlays). */
export function previewText(html: string): string {
  const pieces = [...html.matchAll(/<h5:div class="tsel"[^>]*>([\s\S]*?)<\/h5:div>/g)].map((match) =>
    decodeEntities((match[1] ?? '').replace(/<[^>]+>/g, '')),
  );
  return pieces.join(' ');
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return named[entity.toLowerCase()] ?? '';
  });
}
