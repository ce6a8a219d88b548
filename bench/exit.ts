/** Runs a benchmark's main; the exit code says whether every goal was met. */
export function exitWith(main: () => Promise<boolean>): void {
  main()
    .then((ok) => {
      if (!ok) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
