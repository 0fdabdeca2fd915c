import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { ConfigError, loadConfig, type AppConfig } from '../config';

/** Where an operator's command writes: stdout and stderr unless a test passes its own. */
export interface CommandOutput {
  print: (line: string) => void;
  printError: (line: string) => void;
}

export function commandOutput(deps: Partial<CommandOutput>): CommandOutput {
  return {
    print: deps.print ?? ((line: string) => process.stdout.write(`${line}\n`)),
    printError: deps.printError ?? ((line: string) => process.stderr.write(`${line}\n`)),
  };
}

/**
 * The given configuration or the environment's; an invalid one is told to the
 * operator in Spanish and gives null (the command then exits with 1).
 */
export function commandConfig(
  given: AppConfig | undefined,
  printError: CommandOutput['printError'],
): AppConfig | null {
  try {
    return given ?? loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    printError(SERVER_MSG.cli.invalidConfig(error.message));
    return null;
  }
}

/**
 * Runs a command as the program (dist/<name>.js) with the process's
 * arguments and exits with its code; a crash is told with `crashed` and
 * exits with 1. Called only under `require.main === module`, so a test that
 * imports the command runs nothing.
 */
export function runAsProgram(command: (argv: string[]) => Promise<number>, crashed: string): void {
  command(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(crashed, error);
      process.exit(1);
    },
  );
}
