// Answer schemas needed only once an answer arrives (authSession.ts: the Google sign-in): loaded on
// demand, with zod's full API, so no first screen's JavaScript has it.
export { authResultSchema, googleLoginAnswerSchema } from '@remit/contracts';
