/**
 * What JSON Schema cannot say about Go's rules, decided from the payload
 * text alone: a payload Go rejects that a schema accepts must have one of
 * these reasons (the README's "What the schemas cannot express" table).
 */

/** Why a schema accepts a payload that Go rejects. */
export type InexpressibleReason =
  | "number literal form"
  | "number beyond 2^53"
  | "duplicate member names"
  | "range of an integer in a string";

/**
 * The reasons that can explain a false accept of `payload` (valid JSON):
 * from its text, and for integers written as strings (map keys, `,string`)
 * from Go's error, which names the number it found out of range.
 */
export function inexpressibleReasons(payload: string, goError: string): InexpressibleReason[] {
  const out = new Set<InexpressibleReason>();
  const inString = /cannot unmarshal (?:number |JSON string ")(-?[0-9]+)/.exec(goError);
  if (inString !== null && payload.includes(`"${inString[1]}"`)) out.add("range of an integer in a string");
  let i = 0;
  const ws = () => {
    while (i < payload.length && " \t\r\n".includes(payload[i] as string)) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (payload[i] !== '"') i += payload[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(payload.slice(start, i)) as string;
  };
  const value = (): void => {
    ws();
    const c = payload[i];
    if (c === "{") {
      i++;
      const seen = new Set<string>();
      ws();
      if (payload[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        ws();
        const n = str();
        if (seen.has(n)) out.add("duplicate member names");
        seen.add(n);
        ws();
        i++; // ':'
        value();
        ws();
        if (payload[i++] === "}") return;
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (payload[i] === "]") {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (payload[i++] === "]") return;
      }
    }
    if (c === '"') {
      str();
      return;
    }
    const m = /^-?[0-9][0-9.eE+-]*|^[a-z]+/.exec(payload.slice(i));
    const lit = m?.[0] ?? "";
    i += lit.length;
    if (/^-?[0-9]/.test(lit)) {
      if (/[.eE]/.test(lit) || lit === "-0") out.add("number literal form");
      const digits = lit.replace(/^-/, "").replace(/[.eE].*$/, "");
      if (digits.length >= 16 || /[eE]/.test(lit)) out.add("number beyond 2^53");
    }
  };
  value();
  return [...out];
}
