/** The lock the projector instances elect their leader with; health reads its holder. */
export const PROJECTOR_LOCK = 'projector';
