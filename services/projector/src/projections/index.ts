import type { Projection } from '../projection.js';
import { customersProjection } from './customers.js';
import { invoicesProjection } from './invoices.js';
import { settingsProjection } from './settings.js';
import { subscriptionsProjection } from './subscriptions.js';
import { usersProjection } from './users.js';

/** Every read model the projector keeps. The query service waits on all of them for read-your-writes. */
export const projections: Projection[] = [
  usersProjection,
  settingsProjection,
  invoicesProjection,
  customersProjection,
  subscriptionsProjection,
];
