import { AjvCompiler, type Ajv } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler } from 'fastify';
import { isValidEmail } from '@portal/contracts';

type ValidatorFactory = ReturnType<typeof AjvCompiler>;
// The compiler's option types are a JTD/AJV union; ours is the plain AJV form Fastify passes (its `ajv` option).
type AjvOptions = { customOptions?: Record<string, unknown>; plugins?: unknown[] };
type Externals = Parameters<ValidatorFactory>[0];

/** `format: 'email'` is contracts' isValidEmail: the same rule as the browser and the SMTP path. */
const emailFormat = (ajv: Ajv) =>
  ajv.addFormat('email', { type: 'string', validate: (s: string) => isValidEmail(s) });

/**
 * Fastify's validator compilers for the portal:
 * - bodies: no type coercion (`"message": false` is a boolean, not the text "false") and `removeAdditional: 'all'`
 *   (unknown fields are dropped by AJV, not by hand-written whitelists; a schema that really takes any key says so
 *   with `patternProperties`);
 * - querystrings, params and headers: Fastify's defaults (coerced, because there everything arrives as text:
 *   `?limit=5`; and removing "additional" headers would strip Authorization from request.headers).
 */
export function portalValidators(): ValidatorFactory {
  const body = AjvCompiler();
  const rest = AjvCompiler();
  const options = (opts: AjvOptions, custom: Record<string, unknown>) =>
    ({
      ...opts,
      customOptions: { ...opts.customOptions, ...custom },
      plugins: [...(opts.plugins ?? []), emailFormat],
    }) as never;
  return ((externalSchemas: Externals, opts: AjvOptions = {}) => {
    const forBody = body(externalSchemas, options(opts, { coerceTypes: false, removeAdditional: 'all' }));
    const forRest = rest(externalSchemas, options(opts, {}));
    const compile: FastifySchemaCompiler<unknown> = (route) =>
      route.httpPart === 'body' ? forBody(route as never) : forRest(route as never);
    return compile;
  }) as unknown as ValidatorFactory;
}
