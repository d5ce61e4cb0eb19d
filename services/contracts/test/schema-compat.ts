// What counts as a breaking change of a published event schema (JSON Schema as TypeBox writes it). Deliberately
// strict: only adding an optional object property (and editing descriptions) is compatible both ways — old
// consumers ignore the field, new consumers cope with its absence in old events.
type Schema = Record<string, unknown>;
const IGNORED = new Set(['description', 'title', 'examples', '$comment']);

export function breakingChanges(before: Schema, after: Schema, path = '$'): string[] {
  const out: string[] = [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)].filter((k) => !IGNORED.has(k)));
  for (const k of keys) {
    const a = before[k];
    const b = after[k];
    if (k === 'properties') {
      const pa = (a ?? {}) as Record<string, Schema>;
      const pb = (b ?? {}) as Record<string, Schema>;
      for (const name of Object.keys(pa)) {
        if (!(name in pb)) out.push(`${path}.${name} removed`);
        else out.push(...breakingChanges(pa[name]!, pb[name]!, `${path}.${name}`));
      }
      // a property only in `after` is fine when it is optional: `required` is compared below
    } else if (k === 'required') {
      const ra = new Set((a ?? []) as string[]);
      const rb = new Set((b ?? []) as string[]);
      for (const r of rb) if (!ra.has(r)) out.push(`${path}.${r} became required`);
      for (const r of ra)
        if (!rb.has(r) && before.properties && r in (before.properties as object))
          if (after.properties && r in (after.properties as object)) out.push(`${path}.${r} became optional`);
    } else if (
      typeof a === 'object' &&
      a !== null &&
      typeof b === 'object' &&
      b !== null &&
      !Array.isArray(a)
    ) {
      out.push(...breakingChanges(a as Schema, b as Schema, `${path}/${k}`));
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      out.push(`${path} ${k}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
    }
  }
  return out;
}
