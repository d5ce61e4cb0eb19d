import type { IncomingMessage, ServerResponse } from 'node:http';
import { json } from './static-server.js';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** An unsigned JWT-shaped token: the shell only reads its claims; the fake API below does not verify it. */
export const fakeToken = (roles: string[]) => `${b64({ alg: 'none' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600, realm_access: { roles } })}.x`;

export const USERS = [
  { id: '1', email: 'admin@demo.portal', name: { firstName: 'Ada', lastName: 'Admin' }, role: 1, verified: true, company: { Licensee: 'Demo Logistics LLC', DBA: 'Demo' } },
  { id: '2', email: 'user@demo.portal', name: 'Uma User', role: 4, verified: false, company: 'Green Leaf LLC' },
  { id: '3', email: 'driver@demo.portal', name: '', role: 2, verified: 'suspended', company: 'Demo Logistics' },
];
/** Enough accounts for a second page (the page-size selector appears above 25 rows). */
const MANY = Array.from({ length: 27 }, (_, i) => ({ id: `m${i}`, email: `shop${i}@example.test`, name: `Shop ${i}`, role: 4, verified: true }));

/** The few /api answers the browser smoke test needs (the real services are e2e's business). */
export function fakeApi(calls: string[]) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push(`${req.method} ${url} ${body}`);
      if (url.startsWith('/auth/')) return json(res, 503, { error: 'no keycloak in this test' });
      const input = body ? (JSON.parse(body) as Record<string, any>) : {};
      if (url === '/api/utils/config') return json(res, 200, { data: { logoType: 'nj', hideRoutes: ['manifestdownload'] } });
      if (url === '/api/auth/login') {
        if (input.email === 'admin@demo.portal' && input.password === 'Portal!2345') {
          const token = fakeToken(['admin']);
          return json(res, 200, { token, refreshToken: token, idToken: token, expiresIn: 300, user: USERS[0] });
        }
        return json(res, 400, { message: 'That username and password combination is not valid' });
      }
      if (!req.headers.authorization) return json(res, 401, { message: 'Unauthorized' });
      if (url === '/api/users/me') return json(res, 200, { user: USERS[0] });
      if (url === '/api/users') return json(res, 200, { data: { users: [...USERS, ...MANY] } });
      if (url === '/api/users/update') return json(res, 200, { user: { ...USERS[1], ...input.user } });
      if (url === '/api/email/feedback') return json(res, 202, { message: 'Message sent successfully. Thank you for your feedback!' });
      return json(res, 404, { message: 'Not found' });
    });
    return true;
  };
}
