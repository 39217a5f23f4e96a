import { printableText } from "@/lib/platform/text/control-characters";

/**
 * The URL with every control character (C0, DEL, C1, line separators) removed from its
 * query's names and values, or null when there was none to remove.
 */
export function withoutControlCharacters(url: string): URL | null {
  const parsed = new URL(url);
  if (!parsed.search) return null;
  let changed = false;
  const cleaned = new URLSearchParams();
  for (const [name, value] of parsed.searchParams) {
    const [cleanName, cleanValue] = [printableText(name), printableText(value)];
    if (cleanName !== name || cleanValue !== value) changed = true;
    if (cleanName) cleaned.append(cleanName, cleanValue);
  }
  if (!changed) return null;
  parsed.search = cleaned.toString();
  return parsed;
}
