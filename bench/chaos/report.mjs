// The chaos run's report: the faults' figures, the stores' verdicts, memory and CPU, and the checks that pass or fail.

const pct = (a, b) => (b ? `${((a / b) * 100).toFixed(1)} %` : '–');

/** Prints the report; answers how many checks passed and failed. */
export function printReport(r, traffic) {
  const line = (s = '') => console.log(s);
  line(`\n== chaos ${r.form} run ${r.run} (${r.seconds} s) ==`);
  line(
    'fault                  requests  failed  rate     ready after restart  errors for (from kill)  failures',
  );
  for (const f of r.faults) {
    line(
      `${f.unit.padEnd(22)} ${String(f.requests).padStart(8)} ${String(f.errors).padStart(7)}  ${pct(f.errors, f.requests).padEnd(8)} ` +
        `${`${(f.readyMs / 1000).toFixed(1)} s`.padStart(19)}  ${`${(f.errorsForMs / 1000).toFixed(1)} s`.padStart(22)}  ` +
        `${Object.entries(f.byStatus)
          .map(([k, n]) => `${k} ×${n}`)
          .join(
            ', ',
          )}${f.streamsCurrentMs !== undefined ? `  (streams current +${(f.streamsCurrentMs / 1000).toFixed(1)} s)` : ''}`,
    );
  }
  const req = r.faults.reduce((a, f) => a + f.requests, 0);
  const err = r.faults.reduce((a, f) => a + f.errors, 0);
  line(
    `during faults: ${err}/${req} failed (${pct(err, req)}); outside faults: ${r.errorsOutsideFaults} failed of ${traffic.records.length - req}`,
  );
  const w = r.writes.creates;
  line(
    `creates: ${w.sent} sent, ${w.acknowledged} acknowledged, ${w.foundOnce} found once, ${w.lost} lost, ${w.duplicated} duplicated, ` +
      `${w.duplicateNumbers} numbers twice, ${w.refused4xx} refused (4xx), ${w.inDoubtStored} unacknowledged yet stored`,
  );
  const s = r.writes.scans;
  line(`scans: ${s.sent} sent, ${s.acknowledged} acknowledged, ${s.lost} lost, ${s.duplicated} duplicated`);
  for (const [svc, m] of Object.entries(r.models))
    line(
      `${svc} read model: ${m.orders} orders, ${m.missing} missing, ${m.doubled} doubled, ${m.behind} behind the order's version`,
    );
  const m = r.mails;
  line(
    `mails: ${m.mails} "New order" mails for ${m.orders} orders (${m.recipientsPerOrder} recipient(s) each), ` +
      `${m.ordersWithout} orders without, ${m.ordersShort} short, ${m.duplicated} sent twice, ${m.resent ?? 0} resent as the same message`,
  );
  const stuck = r.nats.consumers.filter((c) => !c.orphan && (c.pending || c.ackPending));
  const redelivered = r.nats.consumers.reduce((a, c) => a + c.redelivered, 0);
  line(
    `NATS: ${r.nats.streams.length} streams (${r.nats.streams.filter((x) => x.current >= 3 && x.replicas === 3).length} at 3 current copies), ` +
      `${r.nats.consumers.length} durables, ${stuck.length} with pending, ${redelivered} redelivered, ${r.deadLettered} dead-lettered`,
  );
  line(
    `consistent ${(r.drainMs / 1000).toFixed(1)} s after the traffic stopped${r.caughtUp ? '' : ' (NOT caught up)'}`,
  );
  const units = Object.keys(r.peakRssMb);
  const svcRss = units.filter((u) => /-[ab]$/.test(u)).map((u) => r.peakRssMb[u]);
  line(
    `memory: peak RSS per service instance ${Math.min(...svcRss)}–${Math.max(...svcRss)} MB, all units ` +
      `${units.reduce((a, u) => a + r.peakRssMb[u], 0)} MB; CPU during the run ${units.reduce((a, u) => a + r.cpuS[u], 0)} s ` +
      `(${units.map((u) => `${u} ${r.cpuS[u]}`).join(', ')})`,
  );

  const checks = [
    ['creates acknowledged', w.acknowledged > 0],
    ['no acknowledged create lost', w.lost === 0],
    [
      'no create stored twice, no number twice',
      w.duplicated === 0 && w.duplicateNumbers === 0 && w.wrongId === 0,
    ],
    ['no create refused', w.refused4xx === 0],
    ['every acknowledged scan once in its ledger', s.acknowledged > 0 && s.lost === 0 && s.duplicated === 0],
    ...Object.entries(r.models).map(([svc, x]) => [
      `${svc} has every order once at its version`,
      !x.missing && !x.doubled && !x.behind,
    ]),
    [
      'every order mailed once per recipient',
      m.recipientsPerOrder > 0 && !m.ordersWithout && !m.ordersShort && !m.duplicated,
    ],
    ['every durable drained, nothing dead-lettered', stuck.length === 0 && r.deadLettered === 0],
    ['every stream at 3 current copies', r.nats.streams.every((x) => x.replicas === 3 && x.current >= 3)],
    ['no failed request outside the faults', r.errorsOutsideFaults === 0],
    ['every unit ready again', r.unitsReady],
  ];
  for (const [name, ok] of checks) line(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
  if (w.lostSample.length) line(`lost creates (sample): ${w.lostSample.join(' ')}`);
  if (w.refusedSample.length) line(`refused creates (sample): ${w.refusedSample.join(' | ')}`);
  if (r.outsideSample.length) line(`failed outside faults (sample): ${r.outsideSample.join(' | ')}`);
  if (stuck.length)
    line(
      `durables with pending: ${stuck.map((c) => `${c.durable} ${c.pending}/${c.ackPending}`).join(', ')}`,
    );
  const passed = checks.filter(([, ok]) => ok).length;
  return { passed, failedChecks: checks.length - passed };
}
