/**
 * Tiering of the codecs' per-struct functions: a struct type's first uses run its table-driven
 * function, and only a type used again has its code generated (generating and compiling a
 * function costs more than one encode or decode, which is all a one-shot call over many types
 * does). Both codecs' struct decoders and encoders use it; their containers (slices, maps,
 * pointers) of tiered elements are tiered with them (see tieredOver).
 */

/** Uses of a struct's codec served by its table-driven function before its code is generated. */
export const GENERATE_AFTER = 1;

type Fn<A, B, R> = (a: A, b: B) => R;

// The generating step of each tiered function, for callers that want the final function itself.
const final = new WeakMap<object, () => unknown>();

/**
 * tiered returns a function that runs `table` for its first GENERATE_AFTER calls, then the
 * function `generate` returns (it keeps `table` if that is null: code generation refused).
 */
export function tiered<A, B, R>(table: Fn<A, B, R>, generate: () => Fn<A, B, R> | null): Fn<A, B, R> {
  let calls = 0;
  let fn: Fn<A, B, R> | null = null;
  const resolve = (): Fn<A, B, R> => {
    if (fn === null) {
      // A cycle back to this type while generating gets the table function (never a half-built one).
      fn = table;
      fn = generate() ?? table;
    }
    return fn;
  };
  const run: Fn<A, B, R> = (a, b) => {
    if (fn !== null) return fn(a, b);
    if (++calls > GENERATE_AFTER) return resolve()(a, b);
    return table(a, b);
  };
  final.set(run, resolve);
  return run;
}

/**
 * direct returns the function generated code should call for f: a tiered function's generated
 * one (generated now if it was not yet), so that generated parents call generated children
 * without the tiering step; any other function itself.
 */
export function direct<F>(f: F): F {
  const resolve = final.get(f as object);
  return resolve === undefined ? f : (resolve() as F);
}

/**
 * tieredOver returns the function of a container (a slice, map or pointer) over element function
 * `elem`. Over a tiered element the container is tiered too: its first call runs `loop` (which
 * calls elem through its tiering step), later ones the code `generate` makes for direct(elem), so
 * that a warm container calls its element's generated code with no tiering step per element.
 * Over any other element, the code `generate` makes now. `loop` serves where generation is
 * refused (null).
 */
export function tieredOver<E, A, B, R>(
  elem: E,
  loop: Fn<A, B, R>,
  generate: (elem: E) => Fn<A, B, R> | null,
): Fn<A, B, R> {
  if (!final.has(elem as object)) return generate(elem) ?? loop;
  return tiered(loop, () => generate(direct(elem)));
}
