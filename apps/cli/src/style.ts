import pc from "picocolors";

/**
 * Terminal styling: colour only when the stream is a TTY and NO_COLOR is unset
 * (https://no-color.org), FORCE_COLOR=0 also turns it off.
 */
export function useColor(stream: { isTTY?: boolean }): boolean {
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== "") return false;
  if (process.env.FORCE_COLOR === "0") return false;
  return Boolean(stream.isTTY);
}

/** Colour functions that are identity when colour is off. */
export function palette(enabled: boolean) {
  const c = pc.createColors(enabled);
  return { bold: c.bold, dim: c.dim, red: c.red, green: c.green, yellow: c.yellow, cyan: c.cyan };
}
