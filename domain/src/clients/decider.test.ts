import { type ClientEvent, clientFormSchema, clientMessages } from '@remit/contracts';
import { decider, stateOf } from '@remit/domain/testing';
import { describe, expect, it } from 'vitest';
import { clientDecider, toClientView } from './decider.js';

const given = decider(clientDecider);

const details = clientFormSchema.parse({
  companyName: 'Müller Design GmbH',
  contactName: 'Anna Müller',
  email: 'Anna@Mueller.example',
  address: { street: 'Hauptstraße 1', postCode: '10115', city: 'Berlin', country: 'de' },
  vatId: 'de 123 456 789',
  language: 'de',
  currency: 'EUR',
  paymentTermsDays: 14,
  vatCategory: 'S',
  vatRate: '19',
});
const ids = { clientId: 'c1', userId: 'u1' };
const created: ClientEvent = { type: 'ClientCreated', data: { ...ids, ...details } };
const renamed = { ...details, companyName: 'Müller & Partner GmbH' };

describe('the client decider', () => {
  it('creates a client with its whole details', () => {
    given([])
      .when({ type: 'CreateClient', data: { ...ids, details } })
      .thenEmits([created]);
  });

  it('changes a client edited from its current version', () => {
    given([created])
      .when({ type: 'ChangeClient', data: { ...ids, details: renamed, expectedVersion: 1 } })
      .thenEmits([{ type: 'ClientChanged', data: { ...ids, ...renamed } }]);
  });

  it('refuses an edit started from an older version: another tab saved first (409)', () => {
    const changed: ClientEvent = { type: 'ClientChanged', data: { ...ids, ...renamed } };
    given([created, changed])
      .when({ type: 'ChangeClient', data: { ...ids, details, expectedVersion: 1 } })
      .thenThrows(clientMessages.changedElsewhere);
  });

  it('writes nothing for an edit that changes nothing', () => {
    given([created])
      .when({ type: 'ChangeClient', data: { ...ids, details, expectedVersion: 1 } })
      .thenNothing();
  });

  it("answers another user's client as not found", () => {
    given([created])
      .when({ type: 'ChangeClient', data: { clientId: 'c1', userId: 'u2', details, expectedVersion: 1 } })
      .thenThrows(clientMessages.notFound);
    given([created])
      .when({ type: 'ArchiveClient', data: { clientId: 'c1', userId: 'u2' } })
      .thenThrows(clientMessages.notFound);
  });

  it('archives a deleted client once, and refuses edits after that', () => {
    const archived: ClientEvent = { type: 'ClientArchived', data: ids };
    given([created]).when({ type: 'ArchiveClient', data: ids }).thenEmits([archived]);
    given([created, archived]).when({ type: 'ArchiveClient', data: ids }).thenNothing();
    given([created, archived])
      .when({ type: 'ChangeClient', data: { ...ids, details: renamed, expectedVersion: 2 } })
      .thenThrows(clientMessages.archived);
  });

  it('answers the client with its stream version', () => {
    const view = toClientView(stateOf(clientDecider, [created]), 'c1');
    expect(view).toMatchObject({ id: 'c1', version: 1, archived: false, email: 'anna@mueller.example' });
    expect(view.vatId).toBe('DE123456789');
    expect(view.vatRate).toBe(1900);
    expect(view.address.country).toBe('DE');
  });
});
