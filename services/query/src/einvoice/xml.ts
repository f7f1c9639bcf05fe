/**
 * A very small XML writer: elements as nested calls, text always escaped, absent parts (null, undefined, false,
 * '') left out, so a serialiser reads like the document it writes and user text can never become markup.
 */
export type Node = string | null | undefined | false | Node[];

// XML 1.0 forbids most control characters even as references; a pasted one would make the file unreadable.
function stripInvalid(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const allowed =
      code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
    if (allowed) out += char;
  }
  return out;
}

export function escapeXml(text: string): string {
  return stripInvalid(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A text element, or nothing when the text is empty (EN 16931 forbids empty elements). */
export function text(
  name: string,
  value: string | null | undefined,
  attributes: Record<string, string> = {},
): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  return `<${name}${attrs(attributes)}>${escapeXml(value)}</${name}>`;
}

/** An element with children, or nothing when every child is empty. */
export function el(name: string, ...children: Node[]): string {
  return elAttrs(name, {}, ...children);
}

export function elAttrs(name: string, attributes: Record<string, string>, ...children: Node[]): string {
  const inner = flatten(children);
  if (inner === '') return '';
  return `<${name}${attrs(attributes)}>${inner}</${name}>`;
}

export function document(root: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n`;
}

function flatten(nodes: Node[]): string {
  let out = '';
  for (const node of nodes) {
    if (Array.isArray(node)) out += flatten(node);
    else if (node) out += node;
  }
  return out;
}

function attrs(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
}
