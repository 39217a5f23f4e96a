// The operator CLI: npm run ops -- <command> [--flag value]...  (see docs/operations.md, "Operator CLI")
// stdout carries exactly one JSON object (the command's result), so log lines (webhook
// attempts, import runs) go to stderr; set before the app's modules create the logger.
process.env.LOG_STREAM = "stderr";
const { runCli } = await import("@/lib/cli/run-cli");

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
export {};
