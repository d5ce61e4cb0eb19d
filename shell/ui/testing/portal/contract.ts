// The fakes' contract: every answer a fake /api gives is checked against the response schema the real service
// declares for that route and status (its OpenAPI document, served by the running stack at /openapi.json). A fake
// that answers what the real API never would (an undeclared route or status, a missing or extra field, a wrong
// type) is a violation, and every browser suite fails on violations (browser-suite.ts), so the screens are tested
// against the API as it is, not as someone remembered it.
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;
type Schema = Record<string, unknown>;
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

/** The services whose routes the shell's screens call (ports as in deploy/local/env.sh). */
const SERVICES = {
  accounts: Number(process.env.ACCOUNTS_PORT ?? 4101),
  notifications: Number(process.env.NOTIFICATIONS_PORT ?? 4106),
};

async function fetchDocs(): Promise<OpenApi[]> {
  return Promise.all(
    Object.entries(SERVICES).map(async ([name, port]) => {
      const url = `http://127.0.0.1:${port}/openapi.json`;
      try {
        return (await (await fetch(url, { signal: AbortSignal.timeout(5000) })).json()) as OpenApi;
      } catch (e) {
        throw new Error(
          `the fakes check answers against ${name}'s OpenAPI at ${url}: start the stack (npm start)`,
          {
            cause: e,
          },
        );
      }
    }),
  );
}

/**
 * Fastify serialises answers through the response schema, so the real API never sends a property the schema does
 * not list: an object schema without `additionalProperties` is closed here (a fake adding fields is caught).
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Schema = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, closed(v)]));
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined)
    out.additionalProperties = false;
  return out;
}

interface Route {
  method: string;
  pattern: RegExp;
  template: string;
  op: Operation;
}

export class Contract {
  readonly violations: string[] = [];
  private readonly routes: Route[];
  private readonly ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(docs: OpenApi[]) {
    this.routes = docs
      .flatMap((d) =>
        Object.entries(d.paths).flatMap(([template, ops]) =>
          Object.entries(ops).map(([method, op]) => ({
            method: method.toUpperCase(),
            template,
            op,
            pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
          })),
        ),
      )
      // Literal paths before templated ones: /api/users/me is not /api/users/{email}.
      .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  }

  /** Problems with an answer; also recorded in `violations`. */
  check(method: string, url: string, status: number, body: unknown): string[] {
    const path = url.split('?')[0]!;
    const route = this.routes.find((r) => r.method === method && r.pattern.test(path));
    const at = `${method} ${path} → ${status}`;
    let problems: string[];
    if (!route) problems = [`${at}: no such route in the real API`];
    else {
      const content = route.op.responses?.[String(status)]?.content;
      const schema = content?.['application/json']?.schema;
      if (!route.op.responses?.[String(status)]) problems = [`${at}: the real route never answers ${status}`];
      else if (!schema) problems = [];
      else {
        const key = `${method} ${route.template} ${status}`;
        let validate = this.compiled.get(key);
        if (!validate) this.compiled.set(key, (validate = this.ajv.compile(closed(schema) as Schema)));
        problems = validate(body)
          ? []
          : (validate.errors ?? []).map(
              (e) => `${at}: ${e.instancePath || '(body)'} ${e.message} ${JSON.stringify(e.params)}`,
            );
      }
    }
    this.violations.push(...problems);
    return problems;
  }
}

export const contract = new Contract(await fetchDocs());

/** The fakes' only way to answer /api: checked against the contract, then sent as JSON. */
export function answer(
  res: ServerResponse,
  method: string,
  url: string,
  status: number,
  body: unknown,
): true {
  for (const p of contract.check(method, url, status, body))
    console.error(`fake API contract violation: ${p}`);
  res.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' });
  res.end(JSON.stringify(body));
  return true;
}

/** The kit's problem body (services/kit/src/problem.ts problemBody), as every service sends its errors. */
export const problem = (status: number, detail: string) => ({
  type: 'about:blank',
  title: STATUS_CODES[status] ?? 'Error',
  status,
  detail,
  message: detail,
  error: detail,
});
