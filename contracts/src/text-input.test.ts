import { describe, expect, it } from 'vitest';
import { invoiceFormSchema } from './invoice-form.js';
import { sanitize } from './invoice-form-fields.js';
import { settingsUpdateSchema } from './settings-api.js';
import { withoutBidiControlsDeep } from './text-input.js';

/**
 * Issue 34, item 5: typed characters do not vanish. A typographic dash, quote, ellipsis or no-break space
 * becomes the plain character the field allows (– — → -, ’ ‘ → ', “ ” → ", … → ...), then what is still not
 * allowed is stripped without leaving a double space; the same normalising in the form and on the server.
 */
describe('typed text is normalised before anything is stripped (issue 34, item 5)', () => {
  it.each([
    ['description', 'Relaunch – Stunden', 'Relaunch - Stunden'],
    ['description', 'Relaunch — Stunden', 'Relaunch - Stunden'],
    ['description', 'Design … und mehr', 'Design ... und mehr'],
    ['description', 'Logo ✓ Design', 'Logo Design'],
    ['description', 'Logo ✓✓ ✓ Design', 'Logo Design'],
    ['description', 'Logo✓Design', 'LogoDesign'],
    ['description', 'Logo\u00A0Design', 'Logo Design'],
    ['personName', 'Anne–Marie O’Neill', "Anne-Marie O'Neill"],
    ['personName', 'Jonas ‘Jo’ Berg', "Jonas 'Jo' Berg"],
    ['companyName', 'Müller – Söhne & Co', 'Müller - Söhne & Co'],
    ['address', '12 Rue de la Paix – 75002 Paris', '12 Rue de la Paix - 75002 Paris'],
    ['longText', '“Danke” – bis bald… it’s done', '"Danke" - bis bald... it\'s done'],
    ['longText', 'Zahlbar in 14 Tagen <sofort> netto', 'Zahlbar in 14 Tagen sofort netto'],
    ['invoiceNumber', 'inv–2025–001', 'INV-2025-001'],
    ['vat', 'de–123456789', 'DE-123456789'],
  ] as const)('%s: %j → %j', (field, typed, kept) => {
    expect(sanitize[field](typed)).toBe(kept);
    expect(sanitize[field](kept)).toBe(kept);
  });

  it('the server reads typographic characters as the form does, and refuses what is still not allowed', () => {
    const form = {
      userName: 'Léa Fontaine',
      userEmail: 'lea@fontaine.studio',
      userAddress: '12 Rue des Martyrs – Paris',
      userCompanyName: 'Fontaine – Co',
      customerName: 'Jonas O’Berg',
      customerEmail: 'jonas@nordlys.coffee',
      customerAddress: 'Gotgatan 48, Stockholm',
      customerCompanyName: 'Nordlys AB',
      invoiceNumber: 'INV–001',
      currency: 'EUR',
      issueDate: '2025-03-14',
      dueDate: '2025-04-13',
      items: [{ description: 'Relaunch – Stunden', quantity: 1, unitPrice: '10' }],
      notes: '“Danke” … bis bald',
    };
    const parsed = invoiceFormSchema.parse(form);
    expect(parsed.items[0]?.description).toBe('Relaunch - Stunden');
    expect(parsed.customerName).toBe("Jonas O'Berg");
    expect(parsed.userAddress).toBe('12 Rue des Martyrs - Paris');
    expect(parsed.userCompanyName).toBe('Fontaine - Co');
    expect(parsed.invoiceNumber).toBe('INV-001');
    expect(parsed.notes).toBe('"Danke" ... bis bald');
    const refused = invoiceFormSchema.safeParse({ ...form, customerName: 'Jonas ✓ Berg' });
    expect(refused.success).toBe(false);

    const settings = settingsUpdateSchema.parse({
      Settings: { CompanyAddress: '12 Rue de la Paix – Paris', CompanyName: 'Müller – Söhne' },
    });
    expect(settings.Settings.CompanyAddress).toBe('12 Rue de la Paix - Paris');
    expect(settings.Settings.CompanyName).toBe('Müller - Söhne');
  });
});

describe('bidi controls are neutralised (issue 34, item 21)', () => {
  const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
  it.each([...controls, '\u200E', '\u200F', '\u061C'])(
    'U+%s leaves no trace in the form or on the server',
    (control) => {
      expect(sanitize.description(`Logo ${control}Design`)).toBe('Logo Design');
      expect(sanitize.longText(`Logo ${control} Design`)).toBe('Logo Design');
      expect(sanitize.email(`ada@${control}example.com`)).toBe('ada@example.com');
      expect(
        withoutBidiControlsDeep({ note: `paid${control} in cash`, items: [`a${control}b`], n: 1 }),
      ).toEqual({
        note: 'paid in cash',
        items: ['ab'],
        n: 1,
      });
    },
  );
  it('a password is left as typed (sign-up and sign-in read it alike)', () => {
    expect(withoutBidiControlsDeep({ password: 'a\u202Eb' })).toEqual({ password: 'a\u202Eb' });
  });
});
