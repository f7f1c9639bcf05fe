/** Redis for the suites: read with the other test switches (`@remit/eventstore/testing`). */
export { testRedisUrl } from '@remit/eventstore/testing';
