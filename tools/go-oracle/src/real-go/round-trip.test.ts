import { REAL_GO_MODULE_IDS } from "@gojson/fixtures";
import { describe, expect, it } from "vitest";
import { roundTrip, SIDES } from "./round-trip.js";

// Real modules' fixtures (vendored in @gojson/fixtures, real-go/): decode each into its
// root type and marshal it back with gojson, byte for byte against what real Go printed
// (recorded by packages/fixtures/scripts/record-real-go.mjs; no Go needed here).
describe.each(REAL_GO_MODULE_IDS)("real Go module %s round trip", (id) => {
  it.each(SIDES.map((s) => ({ ...s, name: `${s.codec} ↔ ${s.config}` })))("$name", (side) => {
    const rows = roundTrip(id, side);
    expect(rows.length).toBeGreaterThan(0);
    const differ = rows.filter((r) => JSON.stringify(r.go) !== JSON.stringify(r.ts));
    expect(differ.map((r) => ({ file: r.file, go: r.go, gojson: r.ts }))).toEqual([]);
  });
});
