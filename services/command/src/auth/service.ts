import { type AuthDeps, createAccounts } from './accounts.js';
import { googleCommands } from './google-accounts.js';
import { passwordChangeCommands } from './password-changes.js';
import { sessionCommands } from './sessions.js';
import { signUpCommands } from './sign-up.js';

export type { AuthDeps, AuthSettings } from './accounts.js';

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Accounts and sessions (DESIGN §4). Every change is a command through the pipeline; what only I/O can
 * answer (a password's hash, Google's word) is settled before the command, never inside a decision.
 */
export function createAuthService(deps: AuthDeps) {
  const accounts = createAccounts(deps);
  return {
    ...signUpCommands(accounts),
    ...passwordChangeCommands(accounts),
    ...sessionCommands(accounts),
    ...googleCommands(accounts),
    settle: accounts.settle,
  };
}
