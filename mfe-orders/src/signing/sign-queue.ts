/**
 * Runs `work` over `items` with at most `size` at once (orders §9: "Manifest signing runs 2 at a time"), reporting
 * after each; a failure counts as done and is returned, it never stops the others. Pure (no DOM), unit-tested.
 */
export async function runLimited<T, R>(
  items: T[],
  size: number,
  work: (item: T) => Promise<R>,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<{ item: T; ok: boolean; value?: R; error?: unknown }[]> {
  const out: { item: T; ok: boolean; value?: R; error?: unknown }[] = new Array(items.length);
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      const item = items[i]!;
      try {
        out[i] = { item, ok: true, value: await work(item) };
      } catch (error) {
        out[i] = { item, ok: false, error };
      }
      onProgress(++done, items.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane));
  return out;
}

/** "a@b.io, c@d.io; e@f.io" → the addresses (trimmed, no empties, unique). */
export function splitList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,;\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Asks a question once for a whole run even when two lanes need the answer at the same time (the §4
 * back-to-In-Transit confirmation): every caller waits for the same answer.
 */
export function askOnce(ask: () => Promise<boolean>): () => Promise<boolean> {
  let answer: Promise<boolean> | null = null;
  return () => (answer ??= ask());
}
