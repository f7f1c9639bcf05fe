// The machine tools the tests need, found only through EINVOICE_DIR / CHROMIUM_PATH or beside the
// repository (../shared/tools/einvoice), never at a path of one particular machine.
import { existsSync } from 'node:fs';
import { delimiter, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Node ≥ 20.19: `require(esm)` without a flag, which the build tools rely on. */
const nodeMinimum = [20, 19];

/** The offline EN 16931 validator's folder: EINVOICE_DIR, else ../shared/tools/einvoice beside the repo. */
export function validatorDir(env = process.env) {
  return env.EINVOICE_DIR || join(repoRoot, '..', 'shared', 'tools', 'einvoice');
}

/** Whether a command is on PATH (or is a path that exists), looked up without starting a shell. */
const onPath = (command, env = process.env) =>
  command.includes('/')
    ? existsSync(command)
    : (env.PATH ?? '').split(delimiter).some((folder) => folder && existsSync(join(folder, command)));

/** Debian packages the tests call directly, each with how to tell it is there. */
function debianPackages(env = process.env) {
  return [
    {
      name: 'poppler-utils',
      why: 'pdftotext and pdftoppm (PDF tests)',
      present: onPath('pdftotext', env) && onPath('pdftoppm', env),
    },
    {
      name: 'chromium',
      why: 'the browser tests (CHROMIUM_PATH)',
      present: existsSync(env.CHROMIUM_PATH || '/usr/bin/chromium'),
    },
    { name: 'caddy', why: 'the proxy of the cluster tests', present: onPath(env.CADDY || 'caddy', env) },
  ];
}

/** What the validator's own install.sh installs (its list), each with how to tell it is there. */
function validatorPackages(env = process.env) {
  return [
    { name: 'default-jre-headless', present: onPath('java', env) },
    { name: 'libsaxonhe-java', present: existsSync('/usr/share/java/Saxon-HE.jar') },
    { name: 'libxml2-utils', present: onPath('xmllint', env) },
    { name: 'qpdf', present: onPath('qpdf', env) },
  ];
}

/** Everything missing, and the one command that installs it; null when nothing is. */
export function missingTools(env = process.env, version = process.versions.node) {
  const problems = [];
  const commands = [];
  const [major, minor] = version.split('.').map(Number);
  if (major < nodeMinimum[0] || (major === nodeMinimum[0] && minor < nodeMinimum[1])) {
    problems.push(`Node ${version} is too old: Remit needs Node >= ${nodeMinimum.join('.')}`);
  }
  const packages = debianPackages(env).filter((pkg) => !pkg.present);
  for (const pkg of packages) problems.push(`${pkg.name} is missing: ${pkg.why}`);
  if (packages.length > 0) {
    commands.push(
      `sudo apt-get install -y --no-install-recommends ${packages.map((pkg) => pkg.name).join(' ')}`,
    );
  }
  const dir = validatorDir(env);
  const shown = relative(process.cwd(), dir) || '.';
  if (!existsSync(join(dir, 'validate'))) {
    problems.push(`the e-invoice validator is not at ${shown} (set EINVOICE_DIR to its folder)`);
  } else {
    const absent = validatorPackages(env).filter((pkg) => !pkg.present);
    if (absent.length > 0) {
      problems.push(`the e-invoice validator lacks ${absent.map((pkg) => pkg.name).join(', ')}`);
      commands.push(`bash ${join(shown, 'install.sh')}`);
    }
  }
  if (problems.length === 0) return null;
  return { problems, command: commands.join(' && ') };
}
