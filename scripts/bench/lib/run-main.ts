// The end of every bench script: run `main`, exit with its code, and on a throw print
// the stack through the script's own log and exit 1.
export function runMain(main: () => Promise<number>, log: (line: string) => void): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      log(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exitCode = 1;
    },
  );
}
