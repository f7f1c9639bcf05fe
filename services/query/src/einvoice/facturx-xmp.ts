/**
 * Adds the Factur-X XMP properties to a PDF/A-3 that Typst wrote. Typst attaches `factur-x.xml` itself and writes
 * PDF/A-3b metadata, but XMP has no room for the fx: properties a Factur-X reader looks for (document type, file
 * name, version, conformance level), nor for their PDF/A extension schema. So the document's XMP packet is
 * rewritten with them and stored as an incremental update: the new metadata object, one xref entry and a trailer
 * pointing back at Typst's. Nothing Typst wrote is moved, so its offsets stay right.
 *
 * The packet is read and written as UTF-8 and its /Length is its byte length: a seller called 'Müller & Söhne'
 * appears in dc:creator as multi-byte characters (and &amp;), and counting characters instead of bytes would cut the
 * packet short and break the XML.
 */
import { escapeXml } from './xml.js';

export const FACTURX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

export interface FacturXMetadata {
  /** 'EN 16931' for the EN 16931 profile; the XML's guideline id must match (FX-11). */
  conformanceLevel: 'EN 16931' | 'XRECHNUNG';
  fileName: string;
}

class FacturXError extends Error {
  override name = 'FacturXError';
}

const latin1 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

export function addFacturXMetadata(pdf: Uint8Array, metadata: FacturXMetadata): Buffer {
  const original = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  // latin1 maps bytes 1:1 to characters, so indexes found in this string are byte offsets.
  const raw = latin1(original);
  const trailerMatch = [...raw.matchAll(/trailer\s*<<([\s\S]*?)>>\s*startxref\s*(\d+)/g)].at(-1);
  if (!trailerMatch) throw new FacturXError('No classic trailer found; the PDF writer has changed');
  const trailer = trailerMatch[1] ?? '';
  const previousXref = trailerMatch[2] ?? '';
  const rootRef = /\/Root\s+(\d+)\s+0\s+R/.exec(trailer)?.[1];
  if (!rootRef) throw new FacturXError('The trailer names no catalog');
  const catalog = objectBody(raw, rootRef);
  const metadataRef = /\/Metadata\s+(\d+)\s+0\s+R/.exec(catalog)?.[1];
  if (!metadataRef) throw new FacturXError('The catalog has no XMP metadata; was the PDF written as PDF/A?');
  const metadataObject = objectBody(raw, metadataRef);
  const streamStart = metadataObject.indexOf('stream');
  const streamEnd = metadataObject.lastIndexOf('endstream');
  if (streamStart < 0 || streamEnd < 0) throw new FacturXError('The metadata object is not a stream');
  const packetLatin1 = metadataObject
    .slice(streamStart + 'stream'.length, streamEnd)
    .replace(/^\r?\n/, '')
    .replace(/\r?\n$/, '');
  const packet = Buffer.from(packetLatin1, 'latin1').toString('utf8');

  const patched = Buffer.from(withFacturX(packet, metadata), 'utf8');
  const lead = endsWithEol(original) ? '' : '\n';
  const objectOffset = original.length + lead.length;
  const head = Buffer.from(
    `${lead}${metadataRef} 0 obj\n<<\n  /Length ${patched.length}\n  /Type /Metadata\n  /Subtype /XML\n>>\nstream\n`,
    'latin1',
  );
  const objectEnd = Buffer.from('\nendstream\nendobj\n', 'latin1');
  const xrefOffset = original.length + head.length + patched.length + objectEnd.length;
  const cleanTrailer = trailer.replace(/\/Prev\s+\d+/, '').trim();
  const tail = Buffer.from(
    `xref\n${metadataRef} 1\n${String(objectOffset).padStart(10, '0')} 00000 n \ntrailer\n<<\n  ${cleanTrailer}\n  /Prev ${previousXref}\n>>\nstartxref\n${xrefOffset}\n%%EOF\n`,
    'latin1',
  );
  return Buffer.concat([original, head, patched, objectEnd, tail]);
}

/** The XMP packet with the fx: properties and their PDF/A extension schema added. */
export function withFacturX(packet: string, metadata: FacturXMetadata): string {
  const description =
    `<rdf:Description rdf:about="" xmlns:fx="${FACTURX_NAMESPACE}">` +
    '<fx:DocumentType>INVOICE</fx:DocumentType>' +
    `<fx:DocumentFileName>${escapeXml(metadata.fileName)}</fx:DocumentFileName>` +
    '<fx:Version>1.0</fx:Version>' +
    `<fx:ConformanceLevel>${metadata.conformanceLevel}</fx:ConformanceLevel>` +
    '</rdf:Description>';
  const schema =
    '<rdf:li rdf:parseType="Resource">' +
    '<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>' +
    `<pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>` +
    '<pdfaSchema:prefix>fx</pdfaSchema:prefix>' +
    '<pdfaSchema:property><rdf:Seq>' +
    property('DocumentFileName', 'The name of the embedded XML document') +
    property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER') +
    property('Version', 'The actual version of the standard applying to the embedded XML document') +
    property('ConformanceLevel', 'The conformance level of the embedded XML document') +
    '</rdf:Seq></pdfaSchema:property>' +
    '</rdf:li>';
  if (packet.includes(FACTURX_NAMESPACE)) throw new FacturXError('The XMP already has Factur-X properties');
  const endOfSchemas = packet.indexOf('</rdf:Bag></pdfaExtension:schemas>');
  let result = packet;
  let extraDescription = description;
  if (endOfSchemas >= 0) {
    result = `${packet.slice(0, endOfSchemas)}${schema}${packet.slice(endOfSchemas)}`;
  } else {
    // Typst writes an extension block only when it needs one itself; otherwise the schema gets its own.
    extraDescription +=
      '<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"' +
      ' xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">' +
      `<pdfaExtension:schemas><rdf:Bag>${schema}</rdf:Bag></pdfaExtension:schemas></rdf:Description>`;
  }
  const endOfRdf = result.lastIndexOf('</rdf:RDF>');
  if (endOfRdf < 0) throw new FacturXError('The XMP packet has no rdf:RDF');
  return `${result.slice(0, endOfRdf)}${extraDescription}${result.slice(endOfRdf)}`;
}

function property(name: string, description: string): string {
  return (
    '<rdf:li rdf:parseType="Resource">' +
    `<pdfaProperty:name>${name}</pdfaProperty:name>` +
    '<pdfaProperty:valueType>Text</pdfaProperty:valueType>' +
    '<pdfaProperty:category>external</pdfaProperty:category>' +
    `<pdfaProperty:description>${description}</pdfaProperty:description>` +
    '</rdf:li>'
  );
}

/** The body of `n 0 obj … endobj`, the last definition of it in the file (later updates win). */
function objectBody(raw: string, objectNumber: string): string {
  const pattern = new RegExp(`(?:^|[\\r\\n])${objectNumber} 0 obj([\\s\\S]*?)endobj`, 'g');
  const match = [...raw.matchAll(pattern)].at(-1);
  if (!match) throw new FacturXError(`Object ${objectNumber} not found`);
  return match[1] ?? '';
}

function endsWithEol(bytes: Buffer): boolean {
  const last = bytes[bytes.length - 1];
  return last === 0x0a || last === 0x0d;
}
