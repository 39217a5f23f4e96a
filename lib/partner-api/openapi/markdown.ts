// The small Markdown subset the reference's prose is written in (./guide.ts, operation
// descriptions), rendered to HTML for the docs page. Everything is escaped first and only
// then given markup, so no text from the document can inject tags or attributes.
// Blocks: #/##/### headings, paragraphs, "- " lists, pipe tables, ``` fences.
// Inline: `code`, **bold**, [text](#anchor or https://...).

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** A heading's anchor: lowercase words joined by dashes. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function renderPlain(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, href: string) =>
      // Escaping already happened, so href holds no quote; still, only same-page anchors
      // and https links become links (no javascript: or data: URLs).
      /^(#[\w-]+|https:\/\/[^\s]+)$/.test(href) ? `<a href="${href}">${label}</a>` : whole,
    );
}

export function renderInline(text: string): string {
  return text
    .split(/(`[^`]+`)/)
    .map((part) => (part.length > 1 && part.startsWith("`") && part.endsWith("`") ? `<code>${escapeHtml(part.slice(1, -1))}</code>` : renderPlain(part)))
    .join("");
}

function splitRow(line: string): string[] {
  const cells: string[] = [];
  let current = "";
  const body = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "\\" && body[i + 1] === "|") {
      current += "|";
      i++;
    } else if (body[i] === "|") {
      cells.push(current.trim());
      current = "";
    } else current += body[i];
  }
  cells.push(current.trim());
  return cells;
}

/**
 * A table from cells that are already HTML. Each cell carries its column's label, so the
 * page can show rows as stacked cards on a narrow screen instead of a squeezed grid.
 */
export function htmlTable(headHtml: string[], rowsHtml: string[][], className = ""): string {
  // The cells are escaped HTML, so without its tags a header is safe attribute text.
  const labels = headHtml.map((cell) => cell.replace(/<[^>]*>/g, ""));
  const th = headHtml.map((cell) => `<th scope="col">${cell}</th>`).join("");
  const trs = rowsHtml
    .map((row) => `<tr>${row.map((cell, index) => `<td data-label="${labels[index] ?? ""}">${cell}</td>`).join("")}</tr>`)
    .join("\n");
  // The wrapper scrolls sideways on a narrow screen, so it takes keyboard focus (and a name).
  const name = `Table: ${labels.filter(Boolean).join(", ")}`;
  return `<div class="table-wrap" tabindex="0" role="group" aria-label="${name}"><table${className ? ` class="${className}"` : ""}><thead><tr>${th}</tr></thead><tbody>\n${trs}\n</tbody></table></div>`;
}

/**
 * A code block that scrolls sideways: focusable so a keyboard can scroll it, named for what
 * it holds, with a Copy button the page's script shows and drives (without the script the
 * button stays hidden and the code is still selectable).
 */
export function codeBlock(code: string, name: string): string {
  const label = escapeHtml(name);
  return `<div class="code"><button type="button" class="copy" aria-label="Copy: ${label}">Copy</button><pre tabindex="0" role="group" aria-label="${label}"><code>${escapeHtml(code)}</code></pre></div>`;
}

function renderTable(lines: string[]): string {
  const [head, , ...rows] = lines.map(splitRow);
  return htmlTable(head.map(renderInline), rows.map((row) => row.map(renderInline)), "stack");
}

/**
 * Markdown to HTML. `headingOffset` shifts levels (## becomes <h3> with 1), and
 * headings get id="<idPrefix><slug>" so the page can link to them.
 */
export function renderMarkdown(markdown: string, options: { headingOffset?: number; idPrefix?: string } = {}): string {
  const offset = options.headingOffset ?? 0;
  const prefix = options.idPrefix ?? "";
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let paragraph: string[] = [];
  // A code block is named after the heading it sits under.
  let lastHeading = "";
  const flush = () => {
    if (paragraph.length) out.push(`<p>${renderInline(paragraph.join(" "))}</p>`);
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith("```")) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) code.push(lines[i]);
      out.push(codeBlock(code.join("\n"), lastHeading ? `Code example: ${lastHeading}` : "Code example"));
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = Math.min(6, heading[1].length + offset);
      lastHeading = heading[2].replace(/[`*]/g, "");
      out.push(`<h${level} id="${escapeHtml(prefix + slug(heading[2]))}">${renderInline(heading[2])}</h${level}>`);
      continue;
    }
    if (line.trimStart().startsWith("|")) {
      flush();
      const rows: string[] = [];
      for (; i < lines.length && lines[i].trimStart().startsWith("|"); i++) rows.push(lines[i]);
      i--;
      out.push(rows.length >= 2 ? renderTable(rows) : `<p>${renderInline(rows.join(" "))}</p>`);
      continue;
    }
    if (/^\s*- /.test(line)) {
      flush();
      const items: string[] = [];
      for (; i < lines.length && /^\s*- /.test(lines[i]); i++) items.push(lines[i].replace(/^\s*- /, ""));
      i--;
      out.push(`<ul>${items.map((item) => `<li>${renderInline(item)}</li>`).join("")}</ul>`);
      continue;
    }
    if (line.trim() === "") flush();
    else paragraph.push(line.trim());
  }
  flush();
  return out.join("\n");
}
