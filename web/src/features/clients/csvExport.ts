import { type Client, type Item, writeCsv } from '@remit/contracts';
import { saveBlob } from '../../lib/saveBlob';

/** CSV exports of the clients and the catalogue (issue 29, item 4), in the columns the import reads back. */

export function clientsCsv(clients: readonly Client[]): string {
  return writeCsv(
    [
      'Company name',
      'Contact name',
      'Email',
      'Cc emails',
      'Street',
      'Post code',
      'City',
      'Country',
      'VAT ID',
      'Tax number',
      'Customer type',
      'Buyer reference',
      'Electronic address',
      'Language',
      'Currency',
      'Payment terms',
      'VAT rate',
      'Notes',
    ],
    clients.map((client) => [
      client.companyName,
      client.contactName,
      client.email,
      client.ccEmails.join(' '),
      client.address.street,
      client.address.postCode,
      client.address.city,
      client.address.country,
      client.vatId,
      client.taxNumber,
      client.type,
      client.buyerReference,
      client.electronicAddress,
      client.language,
      client.currency ?? '',
      client.paymentTermsDays === null ? '' : String(client.paymentTermsDays),
      client.vatRate === null ? '' : String(client.vatRate / 100),
      client.notes,
    ]),
  );
}

export function itemsCsv(items: readonly Item[]): string {
  return writeCsv(
    ['Name', 'Description', 'Unit', 'Price', 'Currency', 'VAT rate'],
    items.map((item) => [
      item.name,
      item.description,
      item.unit,
      item.price,
      item.currency,
      item.vatRate === null ? '' : String(item.vatRate / 100),
    ]),
  );
}

/** Hands the text to the browser as a file download. */
export function downloadCsv(fileName: string, text: string): void {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
