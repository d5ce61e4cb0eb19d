// The dispatch benches of issue 14, run by run.mjs: schedule.day.2000 (the daily schedule answer on the server,
// part schedule: lib/schedule-day.mjs) and schedule.render.2000 (the same day rendered in Chromium, part schedule
// UI: lib/schedule-render.mjs). Each returns { rows, notes } like custody-run.mjs; a part not built yet returns none.
const none = { rows: [], notes: [] };

export async function runScheduleBenches(ctx) {
  const out = { rows: [], notes: [] };
  for (const [name, file, fn] of [
    ['schedule.day.2000', './schedule-day.mjs', 'runScheduleDay'],
    ['schedule.render.2000', './schedule-render.mjs', 'runScheduleRender'],
  ]) {
    if (!ctx.only(name)) continue;
    const mod = await import(file).catch(() => undefined);
    const r = mod?.[fn] ? await mod[fn](ctx) : none;
    out.rows.push(...r.rows);
    out.notes.push(...r.notes);
  }
  return out;
}
