/// <reference types="node" />
// `npx vault-session-kit <command>`: the package's command-line entry (package.json `bin`).
import { runProxyCli } from './proxyCli';
import { runDevCli } from './runDevCli';

const USAGE = `Usage: npx vault-session-kit <command> [options]

Commands:
  dev     The vault emulator, the kit's proxy and the development OpenID Provider on
          one port, for an app under development (npx vault-session-kit dev --help)
  proxy   The kit's production proxy alone, in front of real vaults
          (npx vault-session-kit proxy --help)`;

const [command, ...rest] = process.argv.slice(2);
if (command === 'dev') await runDevCli(rest);
else if (command === 'proxy') await runProxyCli(rest);
else if (command === undefined || command === '--help' || command === '-h') console.log(USAGE);
else {
  console.error(`vault-session-kit: unknown command "${command}".\n\n${USAGE}`);
  process.exitCode = 2;
}
