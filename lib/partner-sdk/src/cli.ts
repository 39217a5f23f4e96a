#!/usr/bin/env node
import { setTimeout as wait } from "node:timers/promises";
import { main } from "./cli-main";

// The `svc-partner` executable (the package's bin). Ctrl-C stops a listener between two
// events; its position is already saved.

const controller = new AbortController();
process.once("SIGINT", () => controller.abort());
process.once("SIGTERM", () => controller.abort());

const sleep = (ms: number) => wait(ms, undefined, { signal: controller.signal }).catch(() => undefined);

process.exitCode = await main(process.argv.slice(2), {
  env: process.env,
  fetch,
  sleep,
  signal: controller.signal,
  print: (line) => process.stdout.write(`${line}\n`),
  printError: (line) => process.stderr.write(`${line}\n`),
});
