/**
 * jsdom finds a `<label for=…>`'s control by walking the whole document for the element with that id, and an
 * input's `labels` by asking every node of the document for its control: so every `labels` walks the document
 * once per label in it. `getByLabelText` reads the `labels` of every element, after every change of the DOM; on
 * the invoice form (about 40 labelled fields) that was 40 s of EInvoiceSection.test.tsx's 60 CPU-s
 * (docs/benchmarks.md#bench-web-slow, D-590).
 *
 * Here a label's control is found as the spec says (the first element in tree order with the `for` id, if it is
 * labelable, else none) through the document's own id index, which is what `getElementById` answers from.
 * Labels outside a document (in a fragment, detached) and labels without `for` keep jsdom's walk.
 */

const HTML_NS = 'http://www.w3.org/1999/xhtml';

interface NodeImpl {
  nodeType: number;
  namespaceURI?: string | null;
  localName?: string;
  type?: string;
  _ceDefinition?: { formAssociated?: boolean };
}

interface LabelImpl extends NodeImpl {
  hasAttributeNS(namespace: null, name: string): boolean;
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): NodeImpl & { getElementById?: (id: string) => NodeImpl | null };
}

/** https://html.spec.whatwg.org/multipage/forms.html#category-label, as jsdom's helpers/form-controls.js has it. */
function isLabelable(node: NodeImpl): boolean {
  if (node.nodeType !== Node.ELEMENT_NODE || node.namespaceURI !== HTML_NS) return false;
  switch (node.localName) {
    case 'button':
    case 'meter':
    case 'output':
    case 'progress':
    case 'select':
    case 'textarea':
      return true;
    case 'input':
      return node.type !== 'hidden';
  }
  return Boolean(node._ceDefinition?.formAssociated);
}

const patched = Symbol.for('remit.test.labelControl');

/** Replaces jsdom's `HTMLLabelElement` control lookup (see above); once per jsdom, however often a file runs it. */
export function speedUpLabelControl(): void {
  const label = document.createElement('label');
  const implKey = Object.getOwnPropertySymbols(label).find((key) => key.description === 'impl');
  const impl: object | undefined = implKey && (label as unknown as Record<symbol, object>)[implKey];
  const prototype = impl && Object.getPrototypeOf(impl);
  const original = prototype && Object.getOwnPropertyDescriptor(prototype, 'control')?.get;
  // Another jsdom than the one this was written for: keep its own lookup, correct and slow.
  if (!prototype || !original || prototype[patched]) return;
  Object.defineProperty(prototype, 'control', {
    configurable: true,
    get(this: LabelImpl) {
      if (!this.hasAttributeNS(null, 'for')) return original.call(this);
      const forValue = this.getAttributeNS(null, 'for') ?? '';
      if (forValue === '') return null;
      const root = this.getRootNode({});
      if (root.nodeType !== Node.DOCUMENT_NODE || !root.getElementById) return original.call(this);
      const element = root.getElementById(forValue);
      return element && isLabelable(element) ? element : null;
    },
  });
  prototype[patched] = true;
}
