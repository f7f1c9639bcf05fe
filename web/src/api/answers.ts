// Answer schemas the first screens need only once an answer arrives (authSession.ts, subscription.ts):
// loaded on demand, with zod's full API, so /login's JavaScript has neither.
export {
  authResultSchema,
  authStatusSchema,
  googleLoginAnswerSchema,
  subscriptionCheckSchema,
} from '@remit/contracts';
