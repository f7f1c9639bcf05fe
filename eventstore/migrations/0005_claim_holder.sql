-- Who holds an idempotency claim (a process's name, kept alive as a session lock; see
-- eventstore/src/claim-holder.ts): a retry that finds the claim of a process that died mid-command takes it
-- over at once instead of answering 'in progress' until the lease runs out. Claims made before this, or
-- by processes that name no holder, keep the lease alone.
ALTER TABLE "command_answers" ADD COLUMN "holder" text;
