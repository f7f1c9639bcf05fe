import type { Client } from '@remit/contracts';

/** 'Acme Ltd', or the contact's name for a client without a company. */
export const clientTitle = (client: Pick<Client, 'companyName' | 'contactName'>) =>
  client.companyName || client.contactName;
