// Posting a console form the way a browser without JavaScript does: a server action's form
// carries its action id in hidden inputs ($ACTION_ID_… or $ACTION_REF_…/$ACTION_KEY),
// and a multipart POST of them with the visible fields runs the action. Benches use it to
// reach public forms (sign-up, invitation sign-up) over HTTP as anyone could.

export type ActionForm = { hidden: [string, string][] };

const ENTITIES: Record<string, string> = { "&quot;": '"', "&amp;": "&", "&#x27;": "'", "&#39;": "'", "&lt;": "<", "&gt;": ">" };

function unescapeHtml(value: string): string {
  return value.replace(/&(?:quot|amp|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The hidden inputs of the page's server-action form. */
export async function readActionForm(baseUrl: string, path: string): Promise<ActionForm> {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const hidden: [string, string][] = [];
  for (const match of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(match[0])?.[1];
    if (!name) continue;
    hidden.push([unescapeHtml(name), unescapeHtml(/value="([^"]*)"/.exec(match[0])?.[1] ?? "")]);
  }
  if (!hidden.some(([name]) => name.startsWith("$ACTION"))) throw new Error(`no server-action form on ${path}`);
  return { hidden };
}

export function postActionForm(baseUrl: string, path: string, form: ActionForm, fields: Record<string, string>, ip: string) {
  const body = new FormData();
  for (const [name, value] of form.hidden) if (!(name in fields)) body.append(name, value);
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "x-forwarded-for": ip, origin: baseUrl },
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
}
