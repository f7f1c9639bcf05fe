import type { Projection } from '../projection.js';
import { usersProjection } from './users.js';

/** Every read model the projector keeps. The query service waits on all of them for read-your-writes. */
export const projections: Projection[] = [usersProjection];
