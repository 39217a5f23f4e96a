// The operator CLI: npm run ops -- <command> [--flag value]...  (see README, "Operator CLI")
import { runCli } from "@/lib/cli/run-cli";

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
