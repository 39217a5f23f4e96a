import jsonata from "jsonata";

// Endpoint filters and transforms are JSONata expressions written by organization admins.
// They are data: the jsonata package interprets them, nothing is ever evaluated as
// JavaScript. Evaluation is bounded: every step checks the elapsed time and the nesting
// depth (the evaluator's entry and exit hooks, the technique of JSONata's own exerciser),
// so a runaway expression ends as an error instead of stalling a delivery worker.

/** Longest expression accepted, in bytes of UTF-8. */
export const MAX_EXPRESSION_BYTES = 4096;
/** Time one evaluation may take. */
export const EXPRESSION_TIMEOUT_MS = 200;
/** Deepest nesting of evaluation steps (recursion included). */
export const EXPRESSION_MAX_DEPTH = 200;

export class ExpressionError extends Error {}

/** Why the text is not an acceptable expression, or null when it is. */
export function expressionProblem(text: string): string | null {
  if (text.trim() === "") return "Enter an expression, or leave the field empty.";
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_EXPRESSION_BYTES) return `The expression is ${bytes} bytes long; at most ${MAX_EXPRESSION_BYTES} (4 KB) are allowed.`;
  try {
    jsonata(text);
    return null;
  } catch (error) {
    return `The expression does not parse: ${describeJsonataError(error)}`;
  }
}

function describeJsonataError(error: unknown): string {
  if (error && typeof error === "object") {
    const { message, position } = error as { message?: unknown; position?: unknown };
    const text = typeof message === "string" ? message : String(error);
    return typeof position === "number" ? `${text} (at character ${position})` : text;
  }
  return String(error);
}

const ENTRY = Symbol.for("jsonata.__evaluate_entry");
const EXIT = Symbol.for("jsonata.__evaluate_exit");

/**
 * Evaluates `text` against `input` within the time and depth bounds. Resolves to the
 * result (undefined when the expression yields nothing); rejects with an ExpressionError
 * carrying a sentence for people.
 */
export async function evaluateExpression(
  text: string,
  input: unknown,
  limits: { timeoutMs?: number; maxDepth?: number } = {},
): Promise<unknown> {
  const timeoutMs = limits.timeoutMs ?? EXPRESSION_TIMEOUT_MS;
  const maxDepth = limits.maxDepth ?? EXPRESSION_MAX_DEPTH;
  let expression: ReturnType<typeof jsonata>;
  try {
    expression = jsonata(text);
  } catch (error) {
    throw new ExpressionError(`The expression does not parse: ${describeJsonataError(error)}`);
  }
  const started = performance.now();
  let depth = 0;
  const check = () => {
    if (depth > maxDepth) throw new ExpressionError(`The expression nests deeper than ${maxDepth} steps (runaway recursion?).`);
    if (performance.now() - started > timeoutMs) throw new ExpressionError(`The expression ran longer than ${timeoutMs} ms.`);
  };
  // The hooks are looked up by symbol in the expression's environment (jsonata.js, evaluate()).
  const bind = expression.assign as unknown as (name: symbol, value: unknown) => void;
  bind(ENTRY, (_expr: unknown, _input: unknown, environment: { isParallelCall?: boolean }) => {
    if (environment?.isParallelCall) return;
    depth += 1;
    check();
  });
  bind(EXIT, (_expr: unknown, _input: unknown, environment: { isParallelCall?: boolean }) => {
    if (environment?.isParallelCall) return;
    depth -= 1;
    check();
  });
  try {
    return await expression.evaluate(input);
  } catch (error) {
    if (error instanceof ExpressionError) throw error;
    // JSONata's own errors are plain objects ({ code, message, position }).
    throw new ExpressionError(describeJsonataError(error));
  }
}
