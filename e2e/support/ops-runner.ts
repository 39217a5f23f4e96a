// The operator CLI kept warm for one Playwright worker (e2e/support/server.ts → ops()):
// commands arrive over the IPC channel and run through the same runCli as `npm run ops`,
// one at a time (each opens and closes the database pool). A fresh tsx process per
// command costs a second of CPU to load the app's modules, and specs call it often.
// The runner exits with the worker that started it.

type Command = { id: number; argv: string[]; env: Record<string, string> };
type Reply = { id: number; code: number; stdout: string; stderr: string };

process.env.LOG_STREAM = "stderr";
const { runCli } = await import("@/lib/cli/run-cli");

let queue = Promise.resolve();

process.on("message", (message: Command) => {
  queue = queue.then(async () => {
    for (const name of Object.keys(process.env)) if (!(name in message.env)) delete process.env[name];
    Object.assign(process.env, message.env, { LOG_STREAM: "stderr" });
    let stdout = "";
    let stderr = "";
    let code = 1;
    try {
      code = await runCli(message.argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
    } catch (error) {
      stderr += error instanceof Error ? (error.stack ?? error.message) : String(error);
    }
    process.send!({ id: message.id, code, stdout, stderr } satisfies Reply);
  });
});
process.on("disconnect", () => process.exit(0));

export {};
