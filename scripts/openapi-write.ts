import { writeFile } from "node:fs/promises";
import path from "node:path";
import { committedFiles } from "@/lib/partner-api/openapi/committed-files";

// npm run openapi:write: regenerates the committed OpenAPI document and the SDK's types.
for (const file of await committedFiles()) {
  await writeFile(path.join(process.cwd(), file.path), file.content);
  process.stdout.write(`wrote ${file.path}\n`);
}
