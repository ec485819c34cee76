/**
 * Runs a command's `main` with its arguments: the code it returns is the process's exit code; an
 * error (a bad variable, a refused target) is its message on one line of stderr, after the
 * command's `prefix` where it has one, and exit code 1.
 */
export function runCli(main: (args: string[]) => Promise<number>, prefix = ''): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${prefix}${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
