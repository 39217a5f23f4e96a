// The items of a JSON page's top-level "data" array as the exact text the server sent, so
// a forwarded webhook body is byte for byte the feed's (which is byte for byte a
// delivery's): re-serialising parsed JSON could reorder integer-like keys or respell
// escapes, and a receiver's signature check runs over bytes.

/** Raw text of each object in the top-level `data` array of `text` (a JSON object). */
export function rawDataItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = -1;
  let lastKey = "";
  let afterDataKey = false;
  let inData = false;
  let itemStart = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') {
        inString = false;
        if (depth === 1) lastKey = text.slice(stringStart, i + 1);
      }
      continue;
    }
    switch (c) {
      case '"':
        inString = true;
        stringStart = i;
        break;
      case ":":
        if (depth === 1) afterDataKey = lastKey === '"data"';
        break;
      case ",":
        if (depth === 1) afterDataKey = false;
        break;
      case "[":
      case "{":
        if (inData && depth === 2 && c === "{") itemStart = i;
        depth++;
        if (c === "[" && depth === 2 && afterDataKey) inData = true;
        break;
      case "]":
      case "}":
        depth--;
        if (inData && depth === 2 && c === "}") {
          items.push(text.slice(itemStart, i + 1));
          itemStart = -1;
        }
        if (inData && depth === 1) inData = false;
        break;
    }
  }
  return items;
}
