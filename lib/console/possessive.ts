/**
 * "Ana’s", "James’", "Acme Events’": one rule for the whole console (a name ending in s
 * takes the apostrophe alone), with the typographic apostrophe the rest of the copy uses.
 */
export function possessive(name: string): string {
  const trimmed = name.trim();
  return /s$/i.test(trimmed) ? `${trimmed}’` : `${trimmed}’s`;
}
