// Creates the buckets of docs/INTERFACES.md §1 through the S3 API and proves a presigned GET works.
// Run by stack.sh after versitygw is up (env from deploy/local/env.sh).
import { Client } from 'minio';

const env = process.env;
const client = new Client({
  endPoint: env.S3_ENDPOINT ?? '127.0.0.1',
  port: Number(env.S3_PORT ?? 9100),
  useSSL: (env.S3_USE_SSL ?? 'false') === 'true',
  accessKey: env.S3_ACCESS_KEY ?? 'portal',
  secretKey: env.S3_SECRET_KEY ?? 'portal-secret-key',
  region: 'us-east-1',
  pathStyle: true,
});

for (const bucket of ['manifests', 'uploads', 'logos']) {
  if (!(await client.bucketExists(bucket))) {
    await client.makeBucket(bucket, 'us-east-1');
    console.log(`s3-setup: created bucket ${bucket}`);
  }
}
const key = '.stack-check/presign.txt';
const body = `presign check ${new Date().toISOString()}`;
await client.putObject('uploads', key, Buffer.from(body), body.length, { 'Content-Type': 'text/plain' });
const url = await client.presignedGetObject('uploads', key, 60);
const res = await fetch(url);
const got = await res.text();
if (res.status !== 200 || got !== body)
  throw new Error(`presigned GET failed: ${res.status} ${got.slice(0, 200)}`);
await client.removeObject('uploads', key);
console.log('s3-setup: buckets manifests, uploads, logos ok; presigned GET ok');
