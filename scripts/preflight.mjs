// `npm test`'s first step: stops at once, with the one command that installs what is missing, instead of
// failing minutes later in the middle of the suite.
import { missingTools } from './tools.mjs';

const missing = missingTools();
if (missing) {
  console.error('npm test cannot run on this machine yet:');
  for (const problem of missing.problems) console.error(`  - ${problem}`);
  if (missing.command) console.error(`Install it with:\n  ${missing.command}`);
  process.exit(1);
}
