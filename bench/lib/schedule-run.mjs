// The dispatch benches, run by run.mjs: schedule.day.2000 (the daily schedule answer on the server,
// part schedule: lib/schedule-day.mjs) and schedule.render.2000 (the same day rendered in Chromium, part schedule
// UI: lib/schedule-render.mjs). Each returns { rows, notes } like custody-run.mjs; a part not built yet returns none (measure.mjs runParts).
import { runParts } from './measure.mjs';

export const runScheduleBenches = (ctx) =>
  runParts(ctx, [
    ['schedule.day.2000', './schedule-day.mjs', 'runScheduleDay'],
    ['schedule.render.2000', './schedule-render.mjs', 'runScheduleRender'],
  ]);
