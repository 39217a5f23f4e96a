// Next.js calls register() once per server process at start (lib/lifecycle/boot-server.ts:
// configuration check, local worker, graceful shutdown).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { bootServer } = await import("@/lib/lifecycle/boot-server");
  await bootServer();
}
