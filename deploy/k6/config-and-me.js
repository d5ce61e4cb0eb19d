// k6 run deploy/k6/config-and-me.js  — loopback only, bounded: 20 VUs for 30 s.
import http from 'k6/http';
import { check } from 'k6';

const APP = __ENV.APP_URL || 'http://localhost:8080';
export const options = {
  vus: 20,
  duration: '30s',
  thresholds: { http_req_failed: ['rate<0.01'], http_req_duration: ['p(95)<300'] },
};

export function setup() {
  const r = http.post(
    `${APP}/api/auth/login`,
    JSON.stringify({ email: 'admin@demo.portal', password: 'Portal!2345' }),
    {
      headers: { 'content-type': 'application/json' },
    },
  );
  return { token: r.json('token') };
}

export default function (data) {
  check(http.get(`${APP}/api/utils/config`), { 'config 200': (r) => r.status === 200 });
  check(http.get(`${APP}/api/users/me`, { headers: { authorization: `Bearer ${data.token}` } }), {
    'me 200': (r) => r.status === 200,
  });
}
