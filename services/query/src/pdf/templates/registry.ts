import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { templatesDir } from '../paths.js';

export interface InvoiceTemplate {
  /** Stable: stored with issued invoices, so never renamed. It is also the template's folder. */
  id: string;
  name: string;
  /** The name the original web client knew the template by (spec §3, Template). */
  componentName: string;
  description: string;
  accent: string;
}

/** The gallery, in the order step 2 of the wizard shows it. */
export const invoiceTemplates: readonly InvoiceTemplate[] = [
  {
    id: 'classic',
    name: 'Classic',
    componentName: 'ClassicTemplate',
    description:
      'A timeless layout with a navy rule, clear columns and nothing to distract from the numbers.',
    accent: '#1e3a5f',
  },
  {
    id: 'modern',
    name: 'Modern',
    componentName: 'ModernTemplate',
    description: 'Crisp sans-serif, a violet accent stripe and the amount due in a highlighted card.',
    accent: '#5b4bdb',
  },
  {
    id: 'minimal',
    name: 'Minimal',
    componentName: 'MinimalTemplate',
    description: 'Generous white space, hairline rules and quiet grey labels.',
    accent: '#111827',
  },
  {
    id: 'bold',
    name: 'Bold Header',
    componentName: 'BoldHeaderTemplate',
    description: 'A full-width dark header that puts your name and the amount due first.',
    accent: '#0f766e',
  },
  {
    id: 'elegant',
    name: 'Elegant',
    componentName: 'ElegantTemplate',
    description: 'Centred serif typography with fine gold rules, for studios and consultants.',
    accent: '#a07b3b',
  },
  {
    id: 'compact',
    name: 'Compact',
    componentName: 'CompactTemplate',
    description: 'Dense and efficient: fits long lists of items on fewer pages.',
    accent: '#2563eb',
  },
  {
    id: 'corporate',
    name: 'Corporate',
    componentName: 'CorporateTemplate',
    description: 'A coloured side band carries the invoice details beside a structured body.',
    accent: '#1d4ed8',
  },
  {
    id: 'monochrome',
    name: 'Monochrome',
    componentName: 'MonochromeTemplate',
    description: 'Black on white with heavy rules; prints perfectly on any office printer.',
    accent: '#000000',
  },
  {
    id: 'colourful',
    name: 'Colourful',
    componentName: 'ColourfulTemplate',
    description: 'A warm gradient header, tinted rows and a friendly, creative feel.',
    accent: '#e8590c',
  },
  {
    id: 'studio',
    name: 'Studio',
    componentName: 'StudioTemplate',
    description: 'Editorial: an oversized invoice number, serif headings and a terracotta accent.',
    accent: '#b4532a',
  },
];

const byId = new Map(invoiceTemplates.map((template) => [template.id, template]));

export function findTemplate(id: string): InvoiceTemplate | undefined {
  return byId.get(id);
}

/** The gallery as the API returns it (spec §3, Template). */
export function listTemplates(): Array<{
  ID: string;
  TemplateName: string;
  TemplateComponentName: string;
  ThumbnailURL: string;
}> {
  return invoiceTemplates.map((template) => ({
    ID: template.id,
    TemplateName: template.name,
    TemplateComponentName: template.componentName,
    ThumbnailURL: `/api/templates/${template.id}/thumbnail`,
  }));
}

export function thumbnailPath(id: string): string {
  return join(templatesDir, id, 'thumbnail.png');
}

/** The committed thumbnail of a template, or undefined for an unknown id. */
export async function readThumbnail(
  id: string,
): Promise<{ bytes: Buffer; contentType: 'image/png' } | undefined> {
  if (!findTemplate(id)) return undefined;
  return { bytes: await readFile(thumbnailPath(id)), contentType: 'image/png' };
}
